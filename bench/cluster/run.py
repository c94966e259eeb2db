#!/usr/bin/env python3
"""`make bench-cluster`: the mixed load against two instances behind nginx.

Two release instances (a data folder each) on one PostgreSQL and one
S3-compatible bucket, behind Debian's nginx as a round-robin balancer (the
multi-instance test's web/e2e/cluster/nginx.conf.template), and wrk as 200
clients for 60 s: 5 % correct sign-ins (POST /api/accounts/login of one of
the seeded verified accounts), the rest reads a visitor makes (a page, the
edition's content API, the main script). Prints req/s, p50, p99, the
answers by status, and each instance's peak RSS (VmHWM), with the load
average before and after.

Run it under a throwaway database and bucket (make bench-cluster does):
  scripts/with-postgres.sh scripts/with-s3.sh python3 bench/cluster/run.py

Each request names a client address of its own among 200 (X-Forwarded-For),
as an outer balancer in front of nginx would: the instances trust loopback
here (COLLOQUY_TRUSTED_PROXIES=127.0.0.0/8), so the per-client sign-in
limits see 200 clients, not one.

Options (environment): COLLOQUY_BIN (default target/release/colloquy),
BENCH_CLIENTS (200), BENCH_SECONDS (60), BENCH_SIGN_IN_SHARE (0.05).
"""

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("COLLOQUY_BIN", ROOT / "target" / "release" / "colloquy"))
TEMPLATE = ROOT / "web" / "e2e" / "cluster" / "nginx.conf.template"
CLIENTS = int(os.environ.get("BENCH_CLIENTS", "200"))
SECONDS = int(os.environ.get("BENCH_SECONDS", "60"))
SIGN_IN_SHARE = float(os.environ.get("BENCH_SIGN_IN_SHARE", "0.05"))
ACCOUNTS = 20
PASSWORD = "correct horse battery"

# wrk's script: each request is a sign-in with SIGN_IN_SHARE's chance, else
# one of the reads; answers are counted by status in each thread, summed in done().
WRK_SCRIPT = r"""
local share = SIGN_IN_SHARE
local clients = CLIENTS
local accounts = { ACCOUNTS }
local password = "PASSWORD"
local reads = { READS }
local statuses = {}
-- A global: done() reads each thread's copy with thread:get.
counts = {}

function setup(thread)
  table.insert(statuses, thread)
end

function init(args)
  math.randomseed(os.time() + math.floor(os.clock() * 1000000))
  counts = {}
end

local function client()
  local n = math.random(clients)
  return string.format("10.%d.%d.%d", 1 + n % 200, math.floor(n / 200), 1 + n % 250)
end

function request()
  local headers = { ["X-Forwarded-For"] = client() }
  if math.random() < share then
    headers["Content-Type"] = "application/json"
    headers["X-Requested-With"] = "colloquy"
    local email = accounts[math.random(#accounts)]
    local body = string.format('{"email":"%s","password":"%s"}', email, password)
    return wrk.format("POST", "/api/accounts/login", headers, body)
  end
  headers["Accept-Encoding"] = "gzip"
  return wrk.format("GET", reads[math.random(#reads)], headers)
end

function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(statuses) do
    local c = thread:get("counts")
    for status, n in pairs(c) do total[status] = (total[status] or 0) + n end
  end
  local parts = {}
  for status, n in pairs(total) do table.insert(parts, string.format('"%d": %d', status, n)) end
  io.write("STATUSES {" .. table.concat(parts, ", ") .. "}\n")
  io.write(string.format("LATENCY p50=%d p90=%d p99=%d max=%d\n",
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
  io.write(string.format("TOTAL requests=%d errors_connect=%d errors_read=%d errors_write=%d errors_timeout=%d\n",
    summary.requests, summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout))
end
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url, process=None, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if process is not None and process.poll() is not None:
            sys.exit(f"{url}: the process exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.1)
    sys.exit(f"{url} did not answer within {seconds} s")


def post(url, data, client):
    request = urllib.request.Request(
        url,
        data=json.dumps(data).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "X-Requested-With": "colloquy", "X-Forwarded-For": client},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status


def verification_token(outboxes, email, seconds=15):
    deadline = time.time() + seconds
    while time.time() < deadline:
        for outbox in outboxes:
            for eml in outbox.glob("*.eml") if outbox.is_dir() else []:
                text = eml.read_text(errors="replace")
                if email in text:
                    # quoted-printable soft breaks and =3D inside the link
                    text = text.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=")
                    match = re.search(r"/verify-email\?token=([A-Za-z0-9_\-]+)", text)
                    if match:
                        return match.group(1)
        time.sleep(0.1)
    sys.exit(f"no verification e-mail to {email}")


def peak_rss_mib(pid):
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)) / 1024


def main():
    database = os.environ.get("TEST_DATABASE_URL")
    bucket = os.environ.get("TEST_S3_BUCKET")
    if not database or not bucket:
        sys.exit("run under scripts/with-postgres.sh scripts/with-s3.sh (make bench-cluster)")
    work = Path(tempfile.mkdtemp(prefix="colloquy-bench-cluster-"))
    work.chmod(0o755)
    balancer, ports = free_port(), [free_port(), free_port()]
    env = {name: value for name, value in os.environ.items() if not name.startswith("COLLOQUY_")}
    env.update(
        DATABASE_URL=database,
        COLLOQUY_STORAGE=f"s3://{bucket}/bench-{secrets.token_hex(4)}",
        COLLOQUY_PUBLIC_URL=f"http://127.0.0.1:{balancer}",
        COLLOQUY_TRUSTED_PROXIES="127.0.0.0/8",
        COLLOQUY_CONFIG=str(work / "no-config-file.toml"),
        RUST_LOG="warn",
    )
    processes = []
    try:
        subprocess.run([str(BIN), "migrate", "--data-dir", str(work / "commands")], env=env, check=True)
        instances = []
        for n, port in enumerate(ports, 1):
            data = work / f"instance-{n}"
            data.mkdir()
            log = open(work / f"instance-{n}.log", "w")
            process = subprocess.Popen(
                [str(BIN), "serve", "--listen", f"127.0.0.1:{port}", "--data-dir", str(data)],
                env=env, stdout=subprocess.DEVNULL, stderr=log,
            )
            processes.append(process)
            instances.append((process, data))
        for (process, _), port in zip(instances, ports):
            wait_for(f"http://127.0.0.1:{port}/api/health", process)

        nginx_dir = work / "nginx"
        nginx_dir.mkdir()
        config = (
            TEMPLATE.read_text()
            .replace("@USER@", "user root;" if os.geteuid() == 0 else "")
            .replace("@DIR@", str(nginx_dir))
            .replace("@PORT_1@", str(ports[0]))
            .replace("@PORT_2@", str(ports[1]))
            .replace("@PORT@", str(balancer))
        )
        # 200 clients, each a connection to nginx and one to an instance.
        config = config.replace("worker_processes 1;", "worker_processes 2;")
        (nginx_dir / "nginx.conf").write_text(config)
        nginx = subprocess.Popen(
            ["nginx", "-p", str(nginx_dir), "-c", str(nginx_dir / "nginx.conf"), "-e", str(nginx_dir / "error.log"),
             "-g", "daemon off;"],
        )
        processes.append(nginx)
        url = f"http://127.0.0.1:{balancer}"
        wait_for(f"{url}/api/health", nginx)

        # Verified accounts for the sign-ins, made as people make them.
        emails = [f"bench.{n}.{secrets.token_hex(3)}@example.test" for n in range(ACCOUNTS)]
        outboxes = [data / "outbox" for _, data in instances]
        for n, email in enumerate(emails):
            client = f"10.255.0.{n + 1}"
            body = {"first_name": "Ada", "last_name": "Lovelace", "email": email, "password": PASSWORD}
            assert post(f"{url}/api/accounts/register", body, client) == 202
            token = verification_token(outboxes, email)
            assert post(f"{url}/api/accounts/verify-email", {"token": token}, client) == 200

        with urllib.request.urlopen(f"{url}/sculc-2025") as page:
            script = re.search(r'src="(/assets/index-[^"]+\.js)"', page.read().decode()).group(1)
        reads = ["/sculc-2025", "/api/content/editions/2025", script]
        lua = (
            WRK_SCRIPT.replace("SIGN_IN_SHARE", str(SIGN_IN_SHARE))
            .replace("CLIENTS", str(CLIENTS))
            .replace("ACCOUNTS", ", ".join(f'"{email}"' for email in emails))
            .replace("PASSWORD", PASSWORD)
            .replace("READS", ", ".join(f'"{path}"' for path in reads))
        )
        (work / "mixed.lua").write_text(lua)

        load_before = Path("/proc/loadavg").read_text().split()[:3]
        started = time.time()
        run = subprocess.run(
            ["wrk", "-t2", f"-c{CLIENTS}", f"-d{SECONDS}s", "--timeout", "10s", "-s", str(work / "mixed.lua"), url],
            capture_output=True, text=True,
        )
        if run.returncode != 0:
            sys.exit(f"wrk failed:\n{run.stdout}\n{run.stderr}")
        elapsed = time.time() - started
        load_after = Path("/proc/loadavg").read_text().split()[:3]
        peaks = [peak_rss_mib(process.pid) for process, _ in instances]

        output = run.stdout
        statuses = json.loads(re.search(r"STATUSES (\{.*\})", output).group(1))
        latency = dict(re.findall(r"(p50|p90|p99|max)=(\d+)", output))
        totals = dict(re.findall(r"(\w+)=(\d+)", re.search(r"TOTAL (.*)", output).group(1)))
        rate = re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)
        print(output, file=sys.stderr)
        print(f"date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(started))}, {elapsed:.0f} s")
        print(f"load average before: {' / '.join(load_before)}; after: {' / '.join(load_after)}; cores: {os.cpu_count()}")
        print(f"clients: {CLIENTS}, sign-in share: {SIGN_IN_SHARE:.0%}, reads: {', '.join(reads)}")
        print(f"requests: {totals['requests']}, req/s: {rate}")
        print(f"latency ms: p50 {int(latency['p50']) / 1000:.1f}, p90 {int(latency['p90']) / 1000:.1f}, "
              f"p99 {int(latency['p99']) / 1000:.1f}, max {int(latency['max']) / 1000:.1f}")
        print(f"answers by status: {dict(sorted(statuses.items()))}")
        print("socket errors: " + ", ".join(f"{k} {v}" for k, v in totals.items() if k.startswith("errors")))
        print("peak RSS (VmHWM) MiB: " + ", ".join(f"instance {n} {peak:.0f}" for n, peak in enumerate(peaks, 1)))
    finally:
        for process in reversed(processes):
            if process.poll() is None:
                process.send_signal(signal.SIGQUIT if process.args[0] == "nginx" else signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        subprocess.run(["rm", "-rf", str(work)], check=False)


if __name__ == "__main__":
    main()
