"""Every ```java block of the documents in docs/ runs as pasted: each document's blocks go, in order, into one fresh
kernel on the sandbox (as a reader pasting them into one notebook), and each must finish without an error."""
import glob
import os
import unittest

from jupyter_client.manager import start_new_kernel

from test_readme import java_blocks

KERNEL = os.environ.get("MARKETLAB_KERNEL", "marketlab")
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
DOCS = sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))


class DocsTest(unittest.TestCase):
    def test_there_are_documents_with_java(self):
        self.assertTrue(any(java_blocks(open(d).read()) for d in DOCS), DOCS)

    def test_every_java_example_runs_as_pasted(self):
        for doc in DOCS:
            with open(doc) as f:
                blocks = java_blocks(f.read())
            if not blocks:
                continue
            km, kc = start_new_kernel(kernel_name=KERNEL, startup_timeout=180)
            try:
                for i, block in enumerate(blocks):
                    with self.subTest(doc=os.path.basename(doc), block=i, first_line=block.splitlines()[0]):
                        errors = []

                        def seen(msg):
                            if msg["msg_type"] == "error":
                                errors.append(msg["content"]["ename"] + ": " + msg["content"]["evalue"] + "\n" + "\n".join(msg["content"]["traceback"]))
                            elif msg["msg_type"] == "stream" and msg["content"]["name"] == "stderr":
                                errors.append(msg["content"]["text"])

                        reply = kc.execute_interactive(block, timeout=600, output_hook=seen)
                        self.assertEqual("ok", reply["content"]["status"], "%s block %d failed:\n%s\n%s" % (doc, i, block, "\n".join(errors)))
                        self.assertEqual([], errors, "%s block %d wrote errors:\n%s" % (doc, i, block))
                        print("%s block %d ran: %s" % (os.path.basename(doc), i, block.splitlines()[0]), flush=True)
            finally:
                kc.stop_channels()
                km.shutdown_kernel(now=True)


if __name__ == "__main__":
    unittest.main(verbosity=2)
