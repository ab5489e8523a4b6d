"""The MarketLab kernel under real Jupyter (jupyter_client 8): the jupyter_kernel_test conformance suite,
interrupt, per-cell timeout, and a notebook executed by nbclient with a table and a chart in its outputs.

Run by kernel/src/test/java/org/marketlab/kernel/JupyterKernelIT.java with JUPYTER_PATH pointing at a
kernelspec installed for the test; MARKETLAB_KERNEL names it.
"""
import os
import time
import unittest

import jupyter_kernel_test
import nbformat
from jupyter_client.manager import start_new_kernel
from nbclient import NotebookClient

KERNEL = os.environ.get("MARKETLAB_KERNEL", "marketlab")


class ConformanceTest(jupyter_kernel_test.KernelTests):
    kernel_name = KERNEL
    language_name = "java"
    file_extension = ".jshell"

    code_hello_world = 'System.out.println("hello, world");'
    code_stderr = 'System.err.println("an error line");'

    completion_samples = [
        {"text": "Markets.eve", "matches": {"events()", "event(", "eventTags("}},
        {"text": "String s = \"x\"; s.toUpperC", "matches": {"toUpperCase("}},
    ]
    complete_code_samples = ["1 + 1", "int x = 1;", "for (int i = 0; i < 3; i++) { }", "import java.util.*;"]
    incomplete_code_samples = ["for (int i = 0; i < 3; i++) {", "int[] a = {1, 2,", "Markets.events("]
    invalid_code_samples = ["String s = \"abc"]

    code_generate_error = 'throw new IllegalStateException("boom");'
    code_execute_result = [
        {"code": "6 * 7", "result": "42"},
        {"code": "\"market\" + \"lab\"", "result": "marketlab"},
    ]
    code_display_data = [
        {"code": "var c = new XYChartBuilder().width(200).height(120).build(); c.addSeries(\"s\", new double[]{1, 2}, new double[]{2, 1}); display(c);",
         "mime": "image/png"},
        {"code": "display(Markets.events().limit(3).table());", "mime": "text/html"},
    ]
    code_inspect_sample = "Math.max"
    code_history_pattern = "6 * *"
    supported_history_operations = ("tail", "range", "search")
    code_clear_output = 'System.out.println("soon gone"); clearOutput();'

    def test_marketlab_first_cell_is_a_table(self):
        self.flush_channels()
        reply, output = self.execute_helper(code="Markets.events().active().limit(5).table()")
        self.assertEqual(reply["content"]["status"], "ok")
        results = [o for o in output if o["msg_type"] == "execute_result"]
        self.assertEqual(len(results), 1)
        html = results[0]["content"]["data"]["text/html"]
        self.assertIn("5 rows", html)
        self.assertIn("<table", html)

    def test_clear_output_follows_what_the_cell_printed_before_it(self):
        self.flush_channels()
        reply, output = self.execute_helper(code='System.out.println("first"); clearOutput(true); System.out.println("second");')
        self.assertEqual(reply["content"]["status"], "ok")
        seen = []
        for o in output:
            if o["msg_type"] == "stream":
                seen += [w for w in ("first", "second") if w in o["content"]["text"]]
            elif o["msg_type"] == "clear_output":
                seen.append("clear wait" if o["content"]["wait"] else "clear now")
        self.assertEqual(seen, ["first", "clear wait", "second"])

    def test_compile_error_names_line_and_column(self):
        self.flush_channels()
        reply, output = self.execute_helper(code="int a = 1;\nint b = a +;")
        self.assertEqual(reply["content"]["status"], "error")
        errors = [o for o in output if o["msg_type"] == "error"]
        self.assertTrue(any("line 2" in line for line in errors[0]["content"]["traceback"]), errors[0]["content"])

    def test_declarations_persist_across_cells(self):
        self.flush_channels()
        self.execute_helper(code="int persisted = 41;")
        reply, output = self.execute_helper(code="persisted + 1")
        self.assertEqual(output[-1]["content"]["data"]["text/plain"], "42")

    def test_long_harvest_shows_one_progress_display_updated_in_place(self):
        self.flush_channels()
        reply, output = self.execute_helper(code="Markets.events().pageSize(10).limit(300).list().size()", timeout=120)
        self.assertEqual(reply["content"]["status"], "ok")
        shown = [o for o in output if o["msg_type"] == "display_data"]
        updates = [o for o in output if o["msg_type"] == "update_display_data"]
        self.assertEqual(len(shown), 1, "one progress display")
        display_id = shown[0]["content"]["transient"]["display_id"]
        self.assertTrue(updates, "the display is updated")
        self.assertTrue(all(u["content"]["transient"]["display_id"] == display_id for u in updates))
        self.assertIn("300", updates[-1]["content"]["data"]["text/plain"])

    def test_a_read_the_cell_stopped_early_ends_its_progress_display(self):
        # The stream is left unclosed with pages unread: the bar still ends, drawn finished at what was read.
        self.flush_channels()
        reply, output = self.execute_helper(code="Markets.events().pageSize(10).stream().limit(45).count()", timeout=120)
        self.assertEqual(reply["content"]["status"], "ok")
        self.assertEqual(output[-1]["content"]["data"]["text/plain"], "45")
        drawn = [o for o in output if o["msg_type"] in ("display_data", "update_display_data")]
        self.assertTrue(drawn, "a bar for a read of five pages")
        last = drawn[-1]["content"]["data"]
        self.assertTrue(last["text/plain"].endswith(", done"), last["text/plain"])
        self.assertIn('value="1.000"', last["text/html"])

    def test_one_page_read_draws_no_progress_display(self):
        # Answered by one request: there is no progress to show before the result, so no bar is drawn above it.
        self.flush_channels()
        reply, output = self.execute_helper(code="Markets.events().limit(10).table().rowCount()", timeout=120)
        self.assertEqual(reply["content"]["status"], "ok")
        self.assertEqual(output[-1]["content"]["data"]["text/plain"], "10")
        drawn = [o for o in output if o["msg_type"] in ("display_data", "update_display_data")]
        self.assertEqual(drawn, [], "no progress display for a one-page read")

    def test_chart_as_svg_on_request(self):
        self.flush_channels()
        reply, output = self.execute_helper(
            code="var c2 = new XYChartBuilder().width(200).height(100).build(); c2.addSeries(\"s\", new double[]{1, 2}, new double[]{1, 3}); displaySvg(c2);")
        svg = [o for o in output if o["msg_type"] == "display_data" and "image/svg+xml" in o["content"]["data"]]
        self.assertEqual(len(svg), 1)
        self.assertIn("<svg", svg[0]["content"]["data"]["image/svg+xml"])

    def test_records_show_as_compact_html(self):
        self.flush_channels()
        reply, output = self.execute_helper(code="Markets.events().limit(1).list().get(0)")
        html = output[-1]["content"]["data"]["text/html"]
        self.assertIn("marketlab-record", html)
        self.assertIn("Event", html)

    def test_unknown_magic_lists_the_known_ones(self):
        self.flush_channels()
        reply, output = self.execute_helper(code="%nosuch")
        self.assertEqual(reply["content"]["status"], "error")
        self.assertIn("%profile", reply["content"]["evalue"])

    def test_shift_tab_shows_the_facades_javadoc(self):
        self.flush_channels()
        code = "Markets.events().limit"
        msg_id = self.kc.inspect(code, len(code))
        reply = self.get_non_kernel_info_reply(timeout=60)
        self.assertEqual(reply["parent_header"]["msg_id"], msg_id)
        self.assertTrue(reply["content"]["found"])
        text = reply["content"]["data"]["text/plain"]
        self.assertIn("limit(int limit)", text)
        self.assertIn("events in all", text)  # from the toolkit's javadoc, not just the signature

    def test_runtime_error_names_the_cell_line(self):
        self.flush_channels()
        reply, output = self.execute_helper(code="String s = null;\n\ns.length()")
        self.assertEqual(reply["content"]["status"], "error")
        errors = [o for o in output if o["msg_type"] == "error"]
        self.assertIn("    at this cell, line 3", errors[0]["content"]["traceback"])


class InterruptAndTimeoutTest(unittest.TestCase):
    def setUp(self):
        self.km, self.kc = start_new_kernel(kernel_name=KERNEL, startup_timeout=120)

    def tearDown(self):
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)

    def reply_to(self, msg_id, timeout):
        """The shell reply to msg_id; replies to earlier requests (the start-up kernel_info) are passed over."""
        deadline = time.time() + timeout
        while True:
            reply = self.kc.get_shell_msg(timeout=max(0.1, deadline - time.time()))
            if reply["parent_header"].get("msg_id") == msg_id:
                return reply

    def test_interrupt_stops_a_busy_loop(self):
        msg_id = self.kc.execute('System.out.println("looping"); long n = 0; while (true) { n++; }')
        # Interrupt once the loop runs: on a loaded machine the cell may not have started 2 s after it was sent.
        deadline = time.time() + 120
        while True:
            msg = self.kc.get_iopub_msg(timeout=max(0.1, deadline - time.time()))
            if (msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] == "stream"
                    and "looping" in msg["content"]["text"]):
                break
        time.sleep(1)
        self.km.interrupt_kernel()
        reply = self.reply_to(msg_id, timeout=30)
        self.assertEqual(reply["content"]["status"], "error")
        self.assertIn("Interrupted", reply["content"]["ename"] + reply["content"]["evalue"])
        # The kernel is alive and keeps its state.
        reply = self.kc.execute_interactive("1 + 2", timeout=30)
        self.assertEqual(reply["content"]["status"], "ok")

    def test_timeout_stops_a_long_cell(self):
        self.kc.execute_interactive("%timeout 1", timeout=30)
        started = time.time()
        reply = self.kc.execute_interactive("Thread.sleep(60_000);", timeout=60)
        self.assertLess(time.time() - started, 20)
        self.assertEqual(reply["content"]["status"], "error")
        self.assertIn("Timed out", reply["content"]["ename"] + reply["content"]["evalue"])
        self.kc.execute_interactive("%timeout off", timeout=30)
        reply = self.kc.execute_interactive("\"still here\"", timeout=30)
        self.assertEqual(reply["content"]["status"], "ok")


class NotebookTest(unittest.TestCase):
    def test_notebook_with_a_table_and_a_chart(self):
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": KERNEL, "display_name": "Java (MarketLab)", "language": "java"}
        nb.cells = [
            nbformat.v4.new_code_cell("var events = Markets.events().active().limit(20).table();\nevents"),
            nbformat.v4.new_code_cell(
                "var chart = new CategoryChartBuilder().width(400).height(300).title(\"volume\").build();\n"
                "chart.addSeries(\"volume\", events.stringColumn(\"id\").asList(), events.doubleColumn(\"volume\").asList());\n"
                "chart"),
        ]
        NotebookClient(nb, timeout=180, kernel_name=KERNEL).execute()
        table_out = nb.cells[0].outputs
        chart_out = nb.cells[1].outputs
        self.assertTrue(any("text/html" in o.get("data", {}) and "20 rows" in o["data"]["text/html"] for o in table_out), table_out)
        self.assertTrue(any("image/png" in o.get("data", {}) for o in chart_out), chart_out)
        self.assertFalse(any(o.get("output_type") == "error" for c in nb.cells for o in c.outputs))


if __name__ == "__main__":
    unittest.main(verbosity=2)
