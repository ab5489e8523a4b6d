// The bookkeeping of the every-method scripts (EveryMethodInteropTest): each call of a client is run, checked and
// recorded as "pass", "fail" or "not simulated", and the report is printed as one JSON object.
//
// every(client, version, notSimulated) gives:
//   call(method, fn, check): runs fn (a client call); check(result) answers undefined when the answer holds, else
//     what is wrong (it may be async). A method named in notSimulated is recorded with its reason and not run.
//   has(...fields), listed, paged, nonEmpty: common checks.
//   report(declared, extra): records every declared method the script did not call as failing, then prints
//     {client, version, calls, ...extra}.
export function every(client, version, notSimulated = {}) {
    const calls = [];

    async function call(method, fn, check) {
        if (method in notSimulated) {
            calls.push({ method, outcome: 'not simulated', detail: notSimulated[method] });
            return undefined;
        }
        try {
            const r = await fn();
            const wrong = check ? await check(r) : undefined;
            calls.push({ method, outcome: wrong ? 'fail' : 'pass', detail: wrong || '' });
            return r;
        } catch (e) {
            const status = e?.status ?? e?.response?.status ?? '';
            calls.push({ method, outcome: 'fail', detail: `${e?.constructor?.name ?? 'Error'} ${status}: ${reason(e)}` });
            if (process.argv.includes('--trace')) console.error(e);
            return undefined;
        }
    }

    // A failure's whole reason: the error's message and every nested cause's (viem wraps the node's answer two or
    // three levels deep, in `cause` and `details`). A long reason keeps its first and last 600 characters, so the
    // node's words at the end survive a long request dump in the middle.
    function reason(e) {
        const parts = [];
        for (let x = e, depth = 0; x && depth < 6; x = x.cause, depth++) {
            const m = String(x?.shortMessage ?? x?.message ?? x);
            if (!parts.includes(m)) parts.push(m);
            if (x?.details && !parts.includes(String(x.details))) parts.push(String(x.details));
            if (typeof x !== 'object') break;
        }
        const whole = parts.join(' <- ');
        return whole.length <= 1400 ? whole : `${whole.slice(0, 600)} … ${whole.slice(-600)}`;
    }

    const text = (r) => String(JSON.stringify(r)).slice(0, 200);
    const has = (...fields) => (r) => {
        const missing = fields.filter((f) => !r || typeof r !== 'object' || !(f in r));
        return missing.length ? `missing ${missing} in ${text(r)}` : undefined;
    };
    const listed = (r) => (Array.isArray(r) ? undefined : `not a list: ${text(r)}`);
    const paged = (r) => (r && Array.isArray(r.data) && r.next_cursor ? undefined : `not a page: ${text(r)}`);
    const nonEmpty = (r) => (r && (Array.isArray(r) ? r.length : Object.keys(r).length) ? undefined : `empty: ${text(r)}`);

    function report(declared, extra = {}) {
        for (const m of Object.keys(notSimulated)) if (!calls.some((c) => c.method === m)) calls.push({ method: m, outcome: 'not simulated', detail: notSimulated[m] });
        const seen = new Set(calls.map((c) => c.method));
        for (const m of declared) if (!seen.has(m)) calls.push({ method: m, outcome: 'fail', detail: 'not called by this script' });
        console.log(JSON.stringify({ client, version, calls, ...extra }));
    }

    return { call, has, listed, paged, nonEmpty, report };
}
