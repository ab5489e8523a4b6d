// Opens JupyterLab (already served on a local URL) in headless Debian Chromium, opens a notebook, runs all its
// cells, waits for a table and a chart to appear in the page, and keeps a screenshot.
// Usage: node lab-browser.mjs <lab url> <notebook path relative to the server root> <screenshot.png>
import { chromium } from "playwright-core";

const [url, notebook, shot] = process.argv.slice(2);
if (!url || !notebook || !shot) {
  console.error("usage: node lab-browser.mjs <lab url> <notebook> <screenshot.png>");
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${url}/lab/tree/${notebook}`, { waitUntil: "domcontentloaded", timeout: 120000 });
  await page.waitForSelector(".jp-NotebookPanel .jp-Cell", { timeout: 120000 });
  // Wait until the kernel is ready, then Run > Run All Cells.
  await page.waitForSelector(".jp-Notebook-ExecutionIndicator[data-status='idle'], .jp-Toolbar-kernelStatus", { timeout: 120000 }).catch(() => {});
  await page.waitForTimeout(3000);
  await page.click("text=Run", { timeout: 30000 });
  await page.click("text=Run All Cells", { timeout: 30000 });
  await page.waitForSelector(".jp-OutputArea-output table", { timeout: 240000 });
  await page.waitForSelector(".jp-OutputArea-output img", { timeout: 240000 });
  const tables = await page.locator(".jp-OutputArea-output table").count();
  const images = await page.locator(".jp-OutputArea-output img").count();
  const errors = await page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count();
  const shape = (await page.locator(".marketlab-table p").first().textContent()) || "";
  await page.locator(".jp-OutputArea-output img").first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot, fullPage: false });
  console.log(JSON.stringify({ tables, images, errors, shape }));
} finally {
  await browser.close();
}
