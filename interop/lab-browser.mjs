// Opens JupyterLab (already served, e.g. by scripts/run) in headless Debian Chromium and, one notebook after
// the other, opens it, runs all its cells, waits until every code cell has run, counts what the page shows and
// keeps pictures of the whole notebook: the notebook scrolled a screen at a time from top to bottom, one picture
// per screen (lab-NN-name-pKK.png), with each picture's scroll offset, so the whole notebook can be put back
// together; then shuts the notebook's kernel down. Prints one JSON line per notebook.
// Usage: node lab-browser.mjs <lab url, with ?token=... if the server wants one> <picture folder> <notebook>...
import { chromium } from "playwright-core";
import path from "node:path";

const [url, shots, ...notebooks] = process.argv.slice(2);
if (!url || !shots || notebooks.length === 0) {
  console.error("usage: node lab-browser.mjs <lab url> <picture folder> <notebook>...");
  process.exit(2);
}
const lab = new URL(url);
const token = lab.searchParams.get("token") || "";
const base = `${lab.protocol}//${lab.host}`;
const api = async (method, p) => {
  const r = await fetch(`${base}${p}`, { method, headers: token ? { Authorization: `token ${token}` } : {} });
  return r.status === 204 ? null : r.json();
};

// Every cell in the page, not only those near the viewport (JupyterLab 4 renders lazily by default), so the
// counts below see the whole notebook. The server's settings folder is the caller's (scripts/run under a test
// gets a fresh one).
const setting = async (plugin, value) => {
  const put = await fetch(`${base}/lab/api/settings/${plugin}`, {
    method: "PUT", headers: { Authorization: `token ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ raw: JSON.stringify(value) }),
  });
  if (!put.ok) throw new Error(`settings of ${plugin}: ${put.status} ${await put.text()}`);
};
await setting("@jupyterlab/notebook-extension:tracker", { windowingMode: "none" });
await setting("@jupyterlab/apputils-extension:notification", { fetchNews: "false" }); // no pop-up over the outputs

// Pictures of the whole notebook: its scrolling element (JupyterLab scrolls the notebook inside the page, so a page
// screenshot holds one screen) scrolled a screen at a time, each screen's picture taken with the offset it shows.
async function wholeNotebook(page, name) {
  const box = await page.evaluate(() => {
    const notebook = document.querySelector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook");
    const candidates = notebook ? [notebook, ...notebook.querySelectorAll("*")] : [];
    const scroller = candidates.find(e => e.scrollHeight > e.clientHeight + 4 && ["auto", "scroll"].includes(getComputedStyle(e).overflowY))
      || notebook;
    if (!scroller) return null;
    scroller.setAttribute("data-marketlab-scroller", "");
    return { height: scroller.scrollHeight, view: scroller.clientHeight };
  });
  if (!box) throw new Error(`${name}: no notebook to picture`);
  const scroller = page.locator("[data-marketlab-scroller]").first();
  const pages = [];
  const last = Math.max(0, box.height - box.view);
  // Screens overlap by a few pixels: JupyterLab shades the top edge of a scrolled notebook, and the overlap lets the
  // pictures be put together without that shade.
  for (let i = 1, top = 0; ; i++, top += box.view - 12) {
    const wanted = Math.min(top, last);
    await scroller.evaluate((e, y) => { e.scrollTop = y; }, wanted);
    await page.waitForTimeout(400); // the screen's outputs paint
    const at = await scroller.evaluate(e => e.scrollTop);
    const file = path.join(shots, `lab-${name}-p${String(i).padStart(2, "0")}.png`);
    await scroller.screenshot({ path: file });
    pages.push({ file, top: at });
    if (wanted >= last || i >= 60) break;
  }
  return { pages, height: box.height };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  for (const notebook of notebooks) {
    const started = Date.now();
    const page = await browser.newPage({ viewport: { width: 1400, height: 1800 } });
    await page.goto(`${base}/lab/tree/${notebook}?reset${token ? `&token=${token}` : ""}`, { waitUntil: "domcontentloaded", timeout: 120000 });
    await page.waitForSelector(".jp-NotebookPanel .jp-Cell", { timeout: 120000 });
    const prompts = () => page.evaluate(() =>
      [...document.querySelectorAll(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputArea-prompt")].map(p => p.textContent.trim()));
    // Run > Run All Cells once the kernel is idle; again if no cell got queued (a busy machine can swallow the
    // first click while the kernel connects).
    // The toolbar's indicator reads "idle" before the lab has a session for the notebook; Run All clicked then finds no
    // kernel and asks for one (a second kernel, which replaces the first and cancels the queued cells). So first wait
    // until the server runs the notebook's kernel and it is idle.
    for (const until = Date.now() + 240000; Date.now() < until; await page.waitForTimeout(250)) {
      const sessions = (await api("GET", "/api/sessions")) || [];
      if (sessions.some(s => s.path === notebook && s.kernel && s.kernel.execution_state === "idle")) break;
      if (await page.locator(".jp-Dialog").count()) break; // the lab asks for a kernel itself: answered below
    }
    await page.waitForSelector(".jp-Notebook-ExecutionIndicator[data-status='idle']", { timeout: 240000 }).catch(() => {});
    const anyQueued = async () => (await prompts()).some(p => p !== "[ ]:" && p !== "");
    // JupyterLab's "Select Kernel" dialog. It comes when cells are run before the lab has the notebook's session, and
    // can then stay up after the server has started the kernel: accepting it replaces the running kernel, cancelling
    // every queued cell. So: when the server has a running MarketLab kernel for this
    // notebook, keep it (the dialog's cancel button); else take the MarketLab kernel. Says which, and returns true when
    // the kernel was (re)chosen.
    const answerKernelDialog = async (when) => {
      const dialog = page.locator(".jp-Dialog");
      const text = (await dialog.first().textContent()).replace(/\s+/g, " ").slice(0, 300);
      const sessions = (await api("GET", "/api/sessions")) || [];
      const running = sessions.some(s => s.path === notebook && s.kernel && s.kernel.name === "marketlab"
        && !["dead", "starting"].includes(s.kernel.execution_state));
      const kernelChoice = /Select Kernel/.test(text);
      console.error(`${notebook}: dialog ${when}: ${text}; ${kernelChoice && running ? "kept the running kernel" : "took its default"}`);
      if (kernelChoice && running) {
        await page.locator(".jp-Dialog button.jp-mod-reject").first().click({ timeout: 10000 }).catch(() => page.keyboard.press("Escape"));
      } else {
        const choice = page.locator(".jp-Dialog select");
        if (await choice.count()) await choice.first().selectOption({ label: "Java (MarketLab)" }).catch(() => {});
        await page.locator(".jp-Dialog button.jp-mod-accept").first().click({ timeout: 10000 }).catch(() => page.keyboard.press("Escape"));
      }
      await page.waitForSelector(".jp-Dialog", { state: "detached", timeout: 30000 }).catch(() => {});
      await page.waitForSelector(".jp-Notebook-ExecutionIndicator[data-status='idle']", { timeout: 240000 }).catch(() => {});
      return !(kernelChoice && running);
    };
    for (let attempt = 1; !(await anyQueued()); attempt++) {
      if (attempt > 6) {
        await page.screenshot({ path: path.join(shots, `lab-${notebook.replace(/\.ipynb$/, "")}-not-started.png`) });
        throw new Error(`${notebook}: Run All Cells started nothing; prompts ${JSON.stringify(await prompts())}`);
      }
      if (await page.locator(".jp-Dialog").count()) await answerKernelDialog("before running");
      try { // a dialog that comes back (a kernel slow to start is offered again) is handled on the next attempt
        await page.click(".lm-MenuBar-itemLabel:text-is('Run')", { timeout: 15000 });
        await page.click(".lm-Menu-itemLabel:text-is('Run All Cells')", { timeout: 15000 });
      } catch (e) {
        console.error(`${notebook}: attempt ${attempt}: ${e.message.split("\n")[0]}`);
        continue;
      }
      await page.waitForFunction(() => [...document.querySelectorAll(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputArea-prompt")]
        .some(p => !["[ ]:", ""].includes(p.textContent.trim())), null, { timeout: 60000, polling: 500 }).catch(() => {});
    }
    // Done when every code cell shows an execution count and none is queued or running ([*]). A kernel choice
    // offered again meanwhile (JupyterLab does so when a kernel is slow to answer on a busy machine; the server
    // saw no kernel die) would leave the rest of the cells unsent: it is taken, said, and Run All Cells sent again.
    const done = () => page.evaluate(() => {
      const all = [...document.querySelectorAll(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputArea-prompt")].map(p => p.textContent.trim());
      return all.length > 0 && all.every(p => /^\[\d+\]:$/.test(p));
    });
    // Some cells run and the rest back to "[ ]" with none queued or running, the kernel idle: JupyterLab cancelled
    // the queued executions (it does so when the session's kernel connection is replaced, as happens when it starts
    // two kernels for a notebook at open on a busy machine, and shuts the first down). Said, and Run All sent again.
    const stalled = () => page.evaluate(() => {
      const all = [...document.querySelectorAll(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputArea-prompt")].map(p => p.textContent.trim());
      const idle = document.querySelector(".jp-Notebook-ExecutionIndicator[data-status='idle']") !== null;
      return idle && !all.includes("[*]:") && all.some(p => /^\[\d+\]:$/.test(p)) && all.some(p => p === "[ ]:" || p === "");
    });
    const deadline = Date.now() + 480000;
    let offered = 0, rerun = 0, stalledSince = 0;
    while (!(await done())) {
      if (Date.now() > deadline || offered > 3 || rerun > 2) {
        await page.screenshot({ path: path.join(shots, `lab-${notebook.replace(/\.ipynb$/, "")}-unfinished.png`) });
        throw new Error(`${notebook}: cells did not all run (kernel offered again ${offered} times, Run All sent again ${rerun} times); prompts ${JSON.stringify(await prompts())}`);
      }
      if (await stalled()) {
        if (stalledSince === 0) stalledSince = Date.now();
        else if (Date.now() - stalledSince > 10000) {
          rerun++;
          stalledSince = 0;
          console.error(`${notebook}: queued cells were cancelled, the kernel idle; Run All Cells again; prompts ${JSON.stringify(await prompts())}`);
          await page.click(".lm-MenuBar-itemLabel:text-is('Run')", { timeout: 15000 }).catch(() => {});
          await page.click(".lm-Menu-itemLabel:text-is('Run All Cells')", { timeout: 15000 }).catch(() => {});
        }
      } else {
        stalledSince = 0;
      }
      if (await page.locator(".jp-Dialog").count()) {
        offered++;
        if (await answerKernelDialog("while running")) { // a new kernel: the queued cells went with the old one
          await page.click(".lm-MenuBar-itemLabel:text-is('Run')", { timeout: 15000 }).catch(() => {});
          await page.click(".lm-Menu-itemLabel:text-is('Run All Cells')", { timeout: 15000 }).catch(() => {});
        }
      }
      await page.waitForTimeout(1000);
    }
    const panel = ".jp-NotebookPanel:not(.lm-mod-hidden) ";
    const count = sel => page.locator(panel + sel).count();
    const kernel = (await page.locator(panel + ".jp-Toolbar-kernelName").first().textContent().catch(() => "")) || "";
    const seen = {
      notebook,
      kernel: kernel.trim(),
      cells: await count(".jp-CodeCell"),
      tables: await count(".jp-OutputArea-output table"),
      images: await count(".jp-OutputArea-output img"),
      errors: await count(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"),
      mathInTables: await count(".jp-OutputArea-output table mjx-container"),
      // code a reader cannot see without scrolling sideways: a line wider than its cell
      clippedCode: await page.evaluate(sel => [...document.querySelectorAll(sel)]
        .filter(e => e.scrollWidth > e.clientWidth + 2).length, panel + ".jp-CodeCell .cm-scroller"),
      // outputs wider than the page, which a reader scrolls sideways to see, each named by its caption or first words
      clippedOutputs: await page.evaluate(sel => [...document.querySelectorAll(sel)]
        .filter(e => e.scrollWidth > e.clientWidth + 2)
        .map(e => ((e.querySelector("caption") || e).textContent || "").replace(/\s+/g, " ").trim().slice(0, 100)), panel + ".jp-OutputArea-output"),
      captions: await page.locator(panel + ".jp-OutputArea-output table caption").allTextContents(),
      seconds: Math.round((Date.now() - started) / 1000),
      runAllAgain: rerun,
      screenshot: path.join(shots, `lab-${notebook.replace(/\.ipynb$/, "")}.png`),
    };
    const pictures = await wholeNotebook(page, notebook.replace(/\.ipynb$/, ""));
    seen.pages = pictures.pages;
    seen.height = pictures.height;
    console.log(JSON.stringify(seen));
    await page.close();
    for (const s of (await api("GET", "/api/sessions")) || []) await api("DELETE", `/api/sessions/${s.id}`);
  }
} finally {
  await browser.close();
}
