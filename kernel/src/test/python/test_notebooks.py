"""Every ready notebook in notebooks/ runs top to bottom under real Jupyter with the MarketLab kernel, on the
sandbox: no error output, and the tables (HTML) and charts (PNG) it promises are there. The executed
notebooks are written to the folder in MARKETLAB_NOTEBOOK_OUT (for inspection), if set.
"""
import glob
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


def presentation_problems(nb):
    """What a reader should not see: record toString dumps shown as text, titles (table captions, chart titles)
    holding a long token id, numbers with more than 6 decimals in tables or printed text."""
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
                if LONG_DECIMAL.search(text):
                    problems.append(f"cell {i}: a number with more than 6 decimals: {LONG_DECIMAL.search(text).group(0)}")
            html = data.get("text/html", "")
            titles = re.findall(r"<caption[^>]*>(.*?)</caption>", html, re.S)
            if "image/png" in data:
                titles.append(data.get("text/plain", ""))
            for t in titles:
                if LONG_ID.search(t):
                    problems.append(f"cell {i}: a title with a token id: {t[:160]!r}")
            for cell_text in re.findall(r"<td[^>]*>([^<]*)</td>", html):
                if LONG_DECIMAL.search(cell_text):
                    problems.append(f"cell {i}: a table cell with more than 6 decimals: {cell_text}")
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
        good = nbformat.v4.new_notebook()
        good.cells.append(nbformat.v4.new_code_cell("x", outputs=[
            nbformat.v4.new_output("execute_result", {"text/html": "<table><caption><b>book of Rain? · Yes</b></caption><tr><td>337.21</td></tr></table>",
                                                      "text/plain": "Market[id=1]"}, execution_count=1),
            nbformat.v4.new_output("stream", name="stdout", text="0.5275 at 2026-11-23\n")]))
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
