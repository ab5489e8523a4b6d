"""A notebook run with %record on the sandbox, then run again with %replay on the live profile whose every host
is unreachable (a closed port on loopback), gives identical outputs: the same tables (HTML and text) and the same
chart bytes. The replayed run's last cell checks that the hosts really were unreachable."""
import os
import shutil
import tempfile
import unittest

import nbformat
from nbclient import NotebookClient

KERNEL = os.environ.get("MARKETLAB_KERNEL", "marketlab")
SERVICES = ["MARKETS", "CLOB", "DATA", "PERPS", "PERPS_WS", "BRIDGE"]

READS = [
    'var events = Markets.events().active().closed(false).limit(20).table();\nevents',
    'var market = Markets.events().active().closed(false).limit(10).list().stream().flatMap(e -> e.markets().stream())\n'
    '        .filter(m -> !Boolean.TRUE.equals(m.closed())).findFirst().get();\n'
    'var token = Clob.tokens(market).get(0);\nClob.book(token).table()',
    'var history = Clob.pricesHistory(token).interval("1w").fidelity(60).table();\nCharts.line(history)',
    'Clob.ohlc(token).fidelity("1h").since(Instant.now().minus(Duration.ofDays(3))).table()',
    'Accounts.of(org.marketlab.signing.Wallet.demo(1).address()).trades().limit(50).table()',
    'Datasets.save(events, Path.of("{data}/events.parquet"));\nDatasets.load("{data}/events.parquet")',
]


def run(cells, env):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    saved = dict(os.environ)
    os.environ.update(env)
    try:
        NotebookClient(nb, kernel_name=KERNEL, timeout=600, startup_timeout=180).execute()
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return nb


def shown(cell):
    return [{k: v for k, v in o.get("data", {}).items()} for o in cell.outputs if o.get("output_type") in ("execute_result", "display_data")]


class ReplayTest(unittest.TestCase):
    def test_record_then_replay_offline_gives_identical_outputs(self):
        tmp = tempfile.mkdtemp(prefix="marketlab-replay-")
        try:
            rec = os.path.join(tmp, "recording")
            first_data = os.path.join(tmp, "first")
            again_data = os.path.join(tmp, "again")
            os.makedirs(first_data)
            os.makedirs(again_data)
            sandbox = {"MARKETLAB_PROFILE": "sandbox"}
            recorded = run(["%record " + rec] + [c.replace("{data}", first_data) for c in READS] + ["%record off"], sandbox)
            offline = {"MARKETLAB_PROFILE": "live"}
            for s in SERVICES:
                offline["MARKETLAB_%s_URL" % s] = ("ws" if s == "PERPS_WS" else "http") + "://127.0.0.1:1"
            check = ('%replay off\n'
                     'String reached;\n'
                     'try { Markets.events().limit(1).list(); reached = "reached"; } catch (RuntimeException e) { reached = "unreachable"; }\n'
                     'reached')
            replayed = run(["%replay " + rec] + [c.replace("{data}", again_data) for c in READS] + [check], offline)
            for i in range(1, len(READS) + 1):
                with self.subTest(cell=i, code=READS[i - 1].splitlines()[0]):
                    for c in (recorded.cells[i], replayed.cells[i]):
                        self.assertFalse([o for o in c.outputs if o.get("output_type") == "error"], c.outputs)
                    a, b = shown(recorded.cells[i]), shown(replayed.cells[i])
                    self.assertTrue(a, "cell %d shows something" % i)
                    self.assertEqual(a, b, "cell %d shows the same when replayed" % i)
            self.assertTrue(any("image/png" in d for d in shown(recorded.cells[3])), "the chart cell shows a PNG")
            self.assertIn("unreachable", str(shown(replayed.cells[-1])), "the replayed run had no host to reach")
            mode = oct(os.stat(rec).st_mode & 0o777)
            self.assertEqual("0o700", mode, "the recording folder is owner-only")
            for name in os.listdir(rec):
                self.assertEqual("0o600", oct(os.stat(os.path.join(rec, name)).st_mode & 0o777), name + " is owner-only")
            print("replayed %d cells identically from %d recorded answers" % (len(READS), len(os.listdir(rec)) - 1), flush=True)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    unittest.main(verbosity=2)
