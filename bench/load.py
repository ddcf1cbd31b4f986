"""`make load`: 200 concurrent connections for 60 s on a mix of GETs and POSTs (a third of the
POSTs sharing a few Idempotency-Keys), driven by wrk against one uvicorn worker on loopback.

`LOAD_SECONDS`, `LOAD_CONNECTIONS`, `LOAD_THREADS` change the load; `LOAD_REDIS_URL` puts the
access counters in Redis. Reports connection errors, answers by status, p50 and p99, and the
server's RSS before, right after and a while after the load. Expected: 0 connection errors,
0 5xx, no 504 caused by waiting duplicates, RSS growth bounded.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import httpx

from bench.common import _database, serve_process, service_env

SECONDS = int(os.environ.get("LOAD_SECONDS", "60"))
CONNECTIONS = int(os.environ.get("LOAD_CONNECTIONS", "200"))
THREADS = int(os.environ.get("LOAD_THREADS", "2"))
REDIS_URL = os.environ.get("LOAD_REDIS_URL")  # set: the access counters live in Redis
SHARED_KEYS = 3  # Idempotency-Keys that a third of the POSTs share

API = "/api/v1/data"

# The mix: (method, path, body, idempotency). idempotency: None, "shared" or "unique".
MIX: list[tuple[str, str, dict[str, object] | None, str | None]] = [
    ("GET", f"{API}/companies/AAPL/financials", None, None),
    ("GET", f"{API}/companies/NVDA/statement?period_type=quarterly&years=8", None, None),
    ("GET", f"{API}/companies/MSFT/financials?year=2024", None, None),
    ("POST", f"{API}/filings/search", {"market": "us", "limit": 20}, None),
    ("POST", f"{API}/companies/compare", {"companies": ["AAPL", "NVDA", "TSLA"]}, "shared"),
    ("POST", f"{API}/filings/search", {"company": "Apple", "limit": 10}, "unique"),
]

LUA = """
local requests = {}
local counter = 0
local threads = {}
statuses = {}  -- a global: done() reads it from each thread

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

function init(args)
  statuses = {}
  for i, spec in ipairs(MIX) do
    requests[i] = spec
  end
end

function request()
  counter = counter + 1
  local spec = requests[(counter % #requests) + 1]
  local headers = {["Authorization"] = "Bearer " .. KEY}
  if spec.body ~= nil then
    headers["Content-Type"] = "application/json"
  end
  if spec.idem == "shared" then
    headers["Idempotency-Key"] = "load-shared-" .. (counter % SHARED_KEYS)
  elseif spec.idem == "unique" then
    headers["Idempotency-Key"] = "load-" .. tostring(id) .. "-" .. counter
  end
  return wrk.format(spec.method, spec.path, headers, spec.body)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local totals = {}
  for _, thread in ipairs(threads) do
    local counts = thread:get("statuses")
    for status, n in pairs(counts) do
      totals[status] = (totals[status] or 0) + n
    end
  end
  local e = summary.errors
  io.write(string.format(
    "RESULT {\\"requests\\": %d, \\"seconds\\": %.2f, \\"connect\\": %d, \\"read\\": %d, " ..
    "\\"write\\": %d, \\"timeout\\": %d, \\"p50_ms\\": %.2f, \\"p99_ms\\": %.2f, \\"statuses\\": {",
    summary.requests, summary.duration / 1e6, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
  local first = true
  for status, n in pairs(totals) do
    if not first then io.write(", ") end
    io.write(string.format("\\"%d\\": %d", status, n))
    first = false
  end
  io.write("}}\\n")
end
"""


def _lua_mix(key: str) -> str:
    """The wrk script with the key and the request mix written in."""
    rows = []
    for method, path, body, idem in MIX:
        lua_body = "nil" if body is None else json.dumps(json.dumps(body))
        lua_idem = "nil" if idem is None else f'"{idem}"'
        rows.append(f'{{method="{method}", path="{path}", body={lua_body}, idem={lua_idem}}}')
    header = f'KEY = "{key}"\nSHARED_KEYS = {SHARED_KEYS}\nMIX = {{{", ".join(rows)}}}\n'
    return header + LUA


def rss_mb(pid: int) -> float:
    """Resident memory of a process, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    """Serve the real service with a loaded database, run wrk, print the report."""
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: apt-get install wrk (make load does)")
    with tempfile.TemporaryDirectory() as tmp:
        url, key = _database(Path(tmp))
        env = service_env(url, tmp)
        if REDIS_URL:
            env |= {"FILINGS_REDIS_URL": REDIS_URL, "FILINGS_REDIS_NAMESPACE": "load"}
        script = Path(tmp) / "mix.lua"
        script.write_text(_lua_mix(key))
        with serve_process("bench.apps:service_app", env) as (base, process):
            for method, path, body, _ in MIX:  # warm up every path once
                httpx.request(
                    method, base + path, json=body, headers={"Authorization": f"Bearer {key}"}
                )
            before = rss_mb(process.pid)
            command = [
                "wrk",
                f"-t{THREADS}",
                f"-c{CONNECTIONS}",
                f"-d{SECONDS}s",
                "--timeout",
                "40s",
                "-s",
                str(script),
                base,
            ]
            run = subprocess.run(command, capture_output=True, text=True, check=False)
            if run.returncode != 0:
                raise SystemExit(f"wrk failed: {run.stderr.strip() or run.stdout.strip()}")
            output = run.stdout
            after = rss_mb(process.pid)
            time.sleep(10)
            settled = rss_mb(process.pid)
    report(output, before, after, settled)


def report(output: str, before: float, after: float, settled: float) -> None:
    """Print what wrk counted and the server's memory."""
    line = next(line for line in output.splitlines() if line.startswith("RESULT "))
    result = json.loads(line.removeprefix("RESULT "))
    statuses = dict(sorted(result["statuses"].items()))
    errors = {k: result[k] for k in ("connect", "read", "write", "timeout")}
    server_errors = sum(n for status, n in statuses.items() if status.startswith("5"))
    store = "Redis" if REDIS_URL else "SQL"
    print(
        f"\n{CONNECTIONS} connections, {THREADS} wrk threads, {SECONDS} s, one uvicorn worker, "
        f"access on the {store} store"
    )
    print(f"requests: {result['requests']} ({result['requests'] / result['seconds']:.0f}/s)")
    print(f"connection errors: {errors}")
    print(f"answers by status: {statuses}")
    print(f"5xx: {server_errors}; 504: {statuses.get('504', 0)}")
    print(f"latency p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms")
    print(
        f"server RSS: {before:.0f} MB before, {after:.0f} MB right after, "
        f"{settled:.0f} MB 10 s later (growth {settled - before:+.0f} MB)"
    )


if __name__ == "__main__":
    main()
