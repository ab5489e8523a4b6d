"""Every ```java block of README.md runs as pasted: the blocks go, in order, into one fresh kernel on the sandbox
(as a reader pasting them into one notebook), and each must finish without an error."""
import os
import re
import unittest

from jupyter_client.manager import start_new_kernel

KERNEL = os.environ.get("MARKETLAB_KERNEL", "marketlab")
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))


def java_blocks(text):
    return [m.group(1) for m in re.finditer(r"^```java\n(.*?)^```", text, re.S | re.M)]


class ReadmeTest(unittest.TestCase):
    def test_blocks_are_found(self):
        self.assertEqual(["a()\n", "b()\n"], java_blocks("x\n```java\na()\n```\n```bash\nc\n```\n```java\nb()\n```\n"))

    def test_every_java_example_runs_as_pasted(self):
        with open(os.path.join(ROOT, "README.md")) as f:
            blocks = java_blocks(f.read())
        self.assertGreaterEqual(len(blocks), 3, "the README has Java examples")
        km, kc = start_new_kernel(kernel_name=KERNEL, startup_timeout=180)
        try:
            for i, block in enumerate(blocks):
                with self.subTest(block=i, first_line=block.splitlines()[0]):
                    errors = []

                    def seen(msg):
                        if msg["msg_type"] == "error":
                            errors.append(msg["content"]["ename"] + ": " + msg["content"]["evalue"] + "\n" + "\n".join(msg["content"]["traceback"]))
                        elif msg["msg_type"] == "stream" and msg["content"]["name"] == "stderr":
                            errors.append(msg["content"]["text"])

                    reply = kc.execute_interactive(block, timeout=600, output_hook=seen)
                    self.assertEqual("ok", reply["content"]["status"], "block %d failed:\n%s\n%s" % (i, block, "\n".join(errors)))
                    self.assertEqual([], errors, "block %d wrote errors:\n%s" % (i, block))
                    print("README block %d ran: %s" % (i, block.splitlines()[0]), flush=True)
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)


if __name__ == "__main__":
    unittest.main(verbosity=2)
