"""Every ready notebook in notebooks/ runs top to bottom under real Jupyter with the MarketLab kernel, on the
sandbox: no error output, and the tables (HTML) and charts (PNG) it promises are there. The executed
notebooks are written to the folder in MARKETLAB_NOTEBOOK_OUT (for inspection), if set.
"""
import glob
import os
import unittest

import nbformat
from nbclient import NotebookClient

KERNEL = os.environ.get("MARKETLAB_KERNEL", "marketlab")
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
NOTEBOOKS = sorted(glob.glob(os.path.join(ROOT, "notebooks", "*.ipynb")))


def outputs(nb, kind):
    return [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
            if kind in o.get("data", {})]


class NotebooksTest(unittest.TestCase):
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
                out = os.environ.get("MARKETLAB_NOTEBOOK_OUT")
                if out:
                    os.makedirs(out, exist_ok=True)
                    nbformat.write(nb, os.path.join(out, os.path.basename(path)))


if __name__ == "__main__":
    unittest.main(verbosity=2)
