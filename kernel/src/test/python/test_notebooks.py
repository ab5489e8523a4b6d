"""Every ready notebook in notebooks/ runs top to bottom under real Jupyter with the MarketLab kernel, on the
sandbox: no error output, and the tables (HTML) and charts (PNG) it promises are there. The executed
notebooks are written to the folder in MARKETLAB_NOTEBOOK_OUT (for inspection), if set.
"""
import glob
import html
import json
import os
import re
import sys
import tempfile
import unittest

import nbformat
from nbclient import NotebookClient

KERNEL = os.environ.get("MARKETLAB_KERNEL", "marketlab")
# Proxy credentials the notebooks create go here, so the secrets they hold can be looked for in the outputs.
CREDENTIALS = os.environ.setdefault("MARKETLAB_CREDENTIALS_DIR", tempfile.mkdtemp(prefix="marketlab-credentials-"))
EXECUTED = {}
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
NOTEBOOKS = sorted(glob.glob(os.path.join(ROOT, "notebooks", "*.ipynb")))


def outputs(nb, kind):
    return [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
            if kind in o.get("data", {})]


RECORD_DUMP = re.compile(r"\b[A-Z][A-Za-z0-9]*\[[a-z][A-Za-z0-9]*=")   # Market[id=..., OutcomeToken[tokenId=...
LONG_ID = re.compile(r"\d{13,}")                                      # a token id (77 digits) where a name belongs
LONG_DECIMAL = re.compile(r"(?<![\w.])\d+\.\d{7,}(?![\w.])")            # 337.21000000000004, 11.111111 is fine
E_NOTATION = re.compile(r"(?<![\w.…])\d+(?:\.\d+)?[eE][+-]?\d+(?![\w.…])")  # 2.8E7, 1E4, 1.5e-3 (not hex: 0xae50…4e03)
AGGREGATE_HEADER = re.compile(r"^[A-Z][A-Za-z .]* \[.+\]$")             # Tablesaw's "Sum [volume]", "Count [amount]"
ISO_DURATION = re.compile(r"\bPT\d+(?:\.\d+)?[HMS]|\bPT\d+H\d")           # PT0.2484145S, PT3H12M
UNSHORTENED_ID = re.compile(r"(?:0x)?[0-9a-fA-F]{60,}")                 # a 77-digit token id, a 64-hex hash
HEX_ID = re.compile(r"0x[0-9a-fA-F]{8,}")                               # an address or hash
DECIMALS = re.compile(r"(?<![\w.])-?[\d,]*\.(\d+)(?![\w.])")
TEXT_DECIMALS = re.compile(r"(?<![\w.])-?[\d,]*\d\.\d{5,}(?![\w.])")     # "the positions' total is 911.963770": prices to 4 at most
MONEY_IN_TEXT = re.compile(r"(?<![\w.])[\d,]+\.\d{3,}\s*USDC")           # "6724.61473 USDC" in a sentence
MOST_DECIMALS = {"usdc": 2, "price": 4, "probability": 4}
UNNAMED = {"sql", "table"}                                              # a table that does not say what it shows
DOUBLED_UNIT = re.compile(r"\b(\w+) \(\1\)", re.I)                       # "USDC (USDC)"


def _text(fragment):
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def table_cells(fragment):
    """(header, kind, cell text) of every cell of the MarketLab tables and records in an HTML output; the kind is the
    column's (or the record row's) data-kind, '' when the HTML has none."""
    out = []
    for table in re.findall(r"<table\b.*?</table>", fragment, re.S):
        head = re.search(r"<thead>(.*?)</thead>", table, re.S)
        headers = re.findall(r"<th\b([^>]*)>(.*?)</th>", head.group(1), re.S) if head else []
        headers = [(_text(h), (re.search(r'data-kind="([a-z]+)"', a) or [None, ""])[1]) for a, h in headers if _text(h) or "data-kind" in a]
        body = re.sub(r"<thead>.*?</thead>", "", table, flags=re.S)
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
            cells = [_text(c) for c in re.findall(r"<td\b[^>]*>(.*?)</td>", row, re.S)]
            label = re.match(r"\s*<th\b([^>]*)>(.*?)</th>", row, re.S)
            if head is None and label:  # a record: the row's header says what the value is
                kind = (re.search(r'data-kind="([a-z]+)"', label.group(1)) or [None, ""])[1]
                out += [(_text(label.group(2)), kind, c) for c in cells]
            elif headers:
                out += [(h, k, c) for (h, k), c in zip(headers, cells)]
            else:
                out += [("", "", c) for c in cells]
        out += [(h, k, None) for h, k in headers]  # headers alone, for the header checks
    return out


def presentation_problems(nb):
    """What a reader should not see. In text: record toString dumps, numbers with more than 4 decimals, ISO-8601
    durations, money with more than 2 decimals. In tables and records: E-notation, Tablesaw's aggregate headers,
    ISO-8601 durations, more than 2 decimals on money or 4 on prices, ids of 60 characters or more not shortened, a
    0x address or hash outside an id column, numbers with more than 6 decimals, a header naming its unit twice; titles
    holding a token id or an ISO-8601 duration, a table named only "sql" or "table" (it does not say what it shows). In charts
    (the words the kernel sends with each PNG): a missing title or axis title, E-notation on an axis."""
    problems = []
    for i, c in enumerate(nb.cells):
        if c.cell_type != "code":
            continue
        for o in c.outputs:
            data = o.get("data", {})
            shown_text = []
            if o.get("output_type") == "stream":
                shown_text.append(o.get("text", ""))
            elif "text/plain" in data and "text/html" not in data and "image/png" not in data:
                shown_text.append(data["text/plain"])
            for text in shown_text:
                if RECORD_DUMP.search(text):
                    problems.append(f"cell {i}: a record printed as toString text: {text[:160]!r}")
                if TEXT_DECIMALS.search(text):
                    problems.append(f"cell {i}: a number with more than 4 decimals in text: {TEXT_DECIMALS.search(text).group(0)}")
                if ISO_DURATION.search(text):
                    problems.append(f"cell {i}: an ISO-8601 duration in text: {ISO_DURATION.search(text).group(0)}")
                if MONEY_IN_TEXT.search(text):
                    problems.append(f"cell {i}: money with more than 2 decimals in text: {MONEY_IN_TEXT.search(text).group(0)}")
            fragment = data.get("text/html", "")
            titles = re.findall(r"<caption[^>]*>(.*?)</caption>", fragment, re.S)
            if "image/png" in data:
                titles.append(data.get("text/plain", ""))
                words = o.get("metadata", {}).get("image/png", {}).get("marketlab")
                if words is None:
                    problems.append(f"cell {i}: a chart without the words it shows (title, axis titles, ticks) in its metadata")
                else:
                    for part in ("title", "xAxisTitle", "yAxisTitle"):
                        if not str(words.get(part, "")).strip():
                            problems.append(f"cell {i}: a chart without its {part}: {words.get('title')!r}")
                    for tick in words.get("xTickLabels", []) + words.get("yTickLabels", []):
                        if E_NOTATION.search(str(tick)):
                            problems.append(f"cell {i}: E-notation on an axis of {words.get('title')!r}: {tick}")
            for t in titles:
                if LONG_ID.search(t):
                    problems.append(f"cell {i}: a title with a token id: {t[:160]!r}")
                if ISO_DURATION.search(t):
                    problems.append(f"cell {i}: an ISO-8601 duration in a title: {t[:160]!r}")
            for name in re.findall(r"<caption[^>]*>\s*<b>(.*?)</b>", fragment, re.S):
                if _text(name).lower() in UNNAMED:
                    problems.append(f"cell {i}: a table that does not say what it shows (named {_text(name)!r}): give it a name with setName")
            for header, kind, cell in table_cells(fragment):
                if cell is None:
                    if AGGREGATE_HEADER.match(header):
                        problems.append(f"cell {i}: Tablesaw's aggregate header shown: {header!r}")
                    if DOUBLED_UNIT.search(header):
                        problems.append(f"cell {i}: a header naming its unit twice: {header!r}")
                    continue
                if LONG_DECIMAL.search(cell):
                    problems.append(f"cell {i}: a table cell with more than 6 decimals: {cell}")
                if kind != "id" and E_NOTATION.search(cell):
                    problems.append(f"cell {i}: E-notation in a table ({header}): {cell}")
                if ISO_DURATION.search(cell):
                    problems.append(f"cell {i}: an ISO-8601 duration in a table ({header}): {cell}")
                if UNSHORTENED_ID.search(cell):
                    problems.append(f"cell {i}: an id of 60 or more characters not shortened ({header}): {cell[:80]}")
                if kind != "id" and HEX_ID.search(cell):
                    problems.append(f"cell {i}: a 0x address or hash outside an id column ({header}, {kind or 'no kind'}): {cell[:80]}")
                most = MOST_DECIMALS.get(kind)
                if most is not None:
                    for d in DECIMALS.findall(cell):
                        if len(d) > most:
                            problems.append(f"cell {i}: {kind} with more than {most} decimals ({header}): {cell}")
    return problems


class NotebooksTest(unittest.TestCase):
    def test_the_presentation_checks_catch_what_they_look_for(self):
        bad = nbformat.v4.new_notebook()
        bad.cells.append(nbformat.v4.new_code_cell("x", outputs=[
            nbformat.v4.new_output("execute_result", {"text/plain": "[OutcomeToken[tokenId=2137, outcome=Yes]]"}, execution_count=1),
            nbformat.v4.new_output("execute_result", {"text/html": "<table><caption><b>book 21370512345678</b></caption><tr><td>337.21000000000004</td></tr></table>",
                                                      "text/plain": "t"}, execution_count=1),
            nbformat.v4.new_output("stream", name="stdout", text="spread 11.1111111\n"),
        ]))
        found = presentation_problems(bad)
        self.assertEqual(4, len(found), found)

        token = "15949614544635750037772570313731244046655429614609351137383498195108194896428"
        report = ('<table><caption><b>t</b></caption><thead><tr><th></th><th data-kind="text">Sum [volume]</th>'
                  '<th data-kind="usdc">value (USDC)</th><th data-kind="price">price</th><th data-kind="text">market</th>'
                  '<th data-kind="text">waited</th><th data-kind="number">volume</th><th data-kind="text">token</th></tr></thead>'
                  f'<tbody><tr><th>0</th><td>x</td><td>6,724.61473</td><td>0.95412</td><td>0x011627e5b5fe2209</td><td>PT0.2484145S</td>'
                  f'<td>2.8E7</td><td>{token}</td></tr></tbody></table>')
        record = ('<table class="marketlab-record"><caption><b>Margin</b></caption><tbody>'
                  '<tr><th data-kind="usdc">total account value (USDC)</th><td>105159.726637</td></tr>'
                  '<tr><th data-kind="text">last message age</th><td>PT0.248S</td></tr></tbody></table>')
        chart_without = nbformat.v4.new_output("display_data", {"image/png": "iVBORw0KGgo=", "text/plain": "XYChart"})
        chart_without.metadata = {"image/png": {"width": 900, "height": 480, "marketlab": {
            "title": "", "xAxisTitle": "t_s", "yAxisTitle": "", "xTickLabels": ["0", "5"], "yTickLabels": ["1E4", "2E4"]}}}
        bad = nbformat.v4.new_notebook()
        bad.cells.append(nbformat.v4.new_code_cell("x", outputs=[
            nbformat.v4.new_output("execute_result", {"text/html": report, "text/plain": "t"}, execution_count=1),
            nbformat.v4.new_output("execute_result", {"text/html": record, "text/plain": "r"}, execution_count=1),
            chart_without,
            nbformat.v4.new_output("display_data", {"image/png": "iVBORw0KGgo=", "text/plain": "XYChart"}),
            nbformat.v4.new_output("stream", name="stdout", text="Account value 105159.726637 USDC, waited PT0.25S\n"),
            nbformat.v4.new_output("stream", name="stdout", text="PnL now 974.71 USDC (the positions' total is 911.963770)\n"),
            nbformat.v4.new_output("execute_result", {"text/html": '<table><caption><b>sql</b> · 1 row × 1 column</caption><thead><tr><th></th>'
                                   '<th data-kind="usdc">USDC (USDC)</th></tr></thead><tbody><tr><th>0</th><td>1.00</td></tr></tbody></table>',
                                   "text/plain": "sql"}, execution_count=1),
            nbformat.v4.new_output("execute_result", {"text/html": "<table><caption><b>book of Rain? · Yes every PT1S</b></caption></table>",
                                   "text/plain": "t"}, execution_count=1),
        ]))
        found = "\n".join(presentation_problems(bad))
        for what in ("aggregate header shown: 'Sum [volume]'", "usdc with more than 2 decimals (value (USDC))", "price with more than 4 decimals",
                     "0x address or hash outside an id column (market", "ISO-8601 duration in a table (waited)", "E-notation in a table (volume)",
                     "not shortened (token)", "usdc with more than 2 decimals (total account value (USDC))",
                     "ISO-8601 duration in a table (last message age)", "a chart without its title", "a chart without its yAxisTitle",
                     "E-notation on an axis", "a chart without the words it shows", "ISO-8601 duration in text",
                     "money with more than 2 decimals in text", "more than 4 decimals in text: 911.963770",
                     "a table that does not say what it shows (named 'sql')", "a header naming its unit twice: 'USDC (USDC)'",
                     "an ISO-8601 duration in a title"):
            self.assertIn(what, found)

        good = nbformat.v4.new_notebook()
        chart = nbformat.v4.new_output("display_data", {"image/png": "iVBORw0KGgo=", "text/plain": "XYChart"})
        chart.metadata = {"image/png": {"marketlab": {"title": "Where the money trades", "xAxisTitle": "category",
                                                      "yAxisTitle": "volume (USDC)", "xTickLabels": ["Economics"], "yTickLabels": ["$0", "$25M"]}}}
        good.cells.append(nbformat.v4.new_code_cell("x", outputs=[
            nbformat.v4.new_output("execute_result", {"text/html": "<table><caption><b>book of Rain? · Yes</b></caption><tr><td>337.21</td></tr></table>",
                                                      "text/plain": "Market[id=1]"}, execution_count=1),
            nbformat.v4.new_output("execute_result", {"text/html": report.replace("Sum [volume]", "total volume (USDC)").replace("6,724.61473", "6,724.61")
                                   .replace("0.95412", "0.954").replace('data-kind="text">market', 'data-kind="id">market').replace("PT0.2484145S", "248 ms")
                                   .replace("2.8E7", "28,000,000").replace(token, "1594…6428"), "text/plain": "t"}, execution_count=1),
            chart,
            nbformat.v4.new_output("stream", name="stdout", text="0.5275 at 2026-11-23; 6,724.61 USDC\n")]))
        self.assertEqual([], presentation_problems(good))

    def test_there_are_notebooks(self):
        self.assertGreaterEqual(len(NOTEBOOKS), 2, NOTEBOOKS)

    def test_each_notebook_runs_clean_with_tables_and_charts(self):
        for path in NOTEBOOKS:
            with self.subTest(notebook=os.path.basename(path)):
                nb = nbformat.read(path, as_version=4)
                self.assertTrue(any("parameters" in c.metadata.get("tags", []) for c in nb.cells),
                                "a cell tagged parameters holds the inputs")
                NotebookClient(nb, timeout=600, kernel_name=KERNEL, resources={"metadata": {"path": os.path.dirname(path)}}).execute()
                errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.get("output_type") == "error"]
                self.assertEqual(errors, [], "no error output")
                self.assertTrue(outputs(nb, "text/html"), "at least one table")
                self.assertTrue(outputs(nb, "image/png"), "at least one chart")
                for problem in presentation_problems(nb):
                    self.fail(os.path.basename(path) + ": " + problem)
                EXECUTED[os.path.basename(path)] = nbformat.writes(nb)
                out = os.environ.get("MARKETLAB_NOTEBOOK_OUT")
                if out:
                    os.makedirs(out, exist_ok=True)
                    nbformat.write(nb, os.path.join(out, os.path.basename(path)))


    def test_live_monitor_redraws_its_displays_in_place(self):
        name = "08-live-account-monitor.ipynb"
        self.assertIn(name, EXECUTED, "the live monitor was executed first")
        nb = nbformat.reads(EXECUTED[name], as_version=4)
        shown = {}
        for c in nb.cells:
            for o in c.get("outputs", []):
                text = o.get("data", {}).get("text/plain", "")
                for view in ("fills", "equity", "open orders", "connection"):
                    if "live " + view + ", updated " in text:
                        shown[view] = o
        # Each display was redrawn by update_display_data after it was first shown (nbclient applies the updates to
        # the output with the same display id, whichever cell is running then).
        self.assertEqual(set(shown), {"fills", "equity", "open orders", "connection"}, shown.keys())
        self.assertIn("image/png", shown["equity"]["data"], "the equity chart is a PNG")
        fills = shown["fills"]["data"]["text/html"]
        self.assertGreaterEqual(fills.count("<tr"), 3, "the live fills table has rows")
        self.assertRegex(shown["connection"]["data"]["text/plain"], r"state=(AUTHENTICATED|CLOSED)")

    def test_z_no_secret_reaches_an_executed_notebook(self):
        secrets = []
        for f in glob.glob(os.path.join(CREDENTIALS, "**", "*.json"), recursive=True):
            with open(f) as fh:
                c = json.load(fh)
            secrets += [c["secret"]]
            if "privateKey" in c:  # a perpetuals proxy
                secrets += [c["privateKey"], c["privateKey"].removeprefix("0x")]
            if "passphrase" in c:  # order-book API credentials
                secrets += [c["passphrase"]]
            self.assertEqual(oct(os.stat(f).st_mode & 0o777), "0o600", "credential files are owner-only")
        self.assertTrue(secrets, "the account review registered a proxy whose credentials were stored")
        self.assertTrue(glob.glob(os.path.join(CREDENTIALS, "**", "clob-api-key", "*.json"), recursive=True),
                        "the account audit stored the order-book API credentials it derived")
        self.assertTrue(EXECUTED, "notebooks were executed first")
        for name, text in EXECUTED.items():
            for s in secrets:
                self.assertNotIn(s, text, "a secret appears in " + name)

    def test_papermill_reviews_another_wallet(self):
        sys.path.insert(0, os.path.join(ROOT, "scripts"))
        import papermill
        import papermill_java
        papermill_java.register()
        review = os.path.join(ROOT, "notebooks", "04-perpetuals-account-review.ipynb")
        owners = []
        for account in (1, 2):
            out = os.path.join(tempfile.mkdtemp(), "review.ipynb")
            nb = papermill.execute_notebook(review, out, parameters={"demoAccount": account}, kernel_name=KERNEL, progress_bar=False)
            text = [o["data"]["text/plain"] for c in nb.cells if c.cell_type == "code" for o in c.outputs
                    if "text/plain" in o.get("data", {}) and "PerpsSession[" in o["data"]["text/plain"]]
            self.assertTrue(text, "the session cell shows the owner")
            owners.append(text[0].split("owner=")[1].split(",")[0])
        self.assertNotEqual(owners[0], owners[1], "another wallet, another account")

    def test_papermill_audits_another_wallet(self):
        sys.path.insert(0, os.path.join(ROOT, "scripts"))
        import papermill
        import papermill_java
        papermill_java.register()
        audit = os.path.join(ROOT, "notebooks", "06-prediction-market-account-audit.ipynb")
        # an address with no activity: the audit runs through and says why it is empty
        wallet = "0x" + "0" * 40
        out = os.path.join(tempfile.mkdtemp(), "audit.ipynb")
        nb = papermill.execute_notebook(audit, out, parameters={"wallet": wallet, "days": 30}, kernel_name=KERNEL, progress_bar=False)
        errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.get("output_type") == "error"]
        self.assertEqual(errors, [], "no error output for a wallet with no activity")
        text = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.get("output_type") == "stream")
        self.assertIn("No trades for " + wallet, text)
        self.assertIn("proxy (funder) wallet", text, "the empty audit names the likely cause")


if __name__ == "__main__":
    unittest.main(verbosity=2)
