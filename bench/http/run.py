#!/usr/bin/env python3
"""`make bench-http`: the release binary beside Debian's nginx, same files.

Starts `target/release/colloquy` (its embedded web app, SQLite in a temp
folder) and nginx (installed with apt if missing, as root) serving the same
`web/dist` on free loopback ports, drives both with wrk in interleaved rounds
(colloquy then nginx, then the other way round, so a busy spell on this
shared machine hits both), and prints one table: median req/s, p50 and p99
over the rounds and colloquy's ratio to nginx.

Options (environment): COLLOQUY_BIN (default target/release/colloquy),
BENCH_ROUNDS (3), BENCH_SECONDS (5).
"""

import email
import email.policy
import http.client
import http.cookiejar
import json
import os
import re
import threading
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "web" / "dist"
BIN = Path(os.environ.get("COLLOQUY_BIN", ROOT / "target" / "release" / "colloquy"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
SECONDS = int(os.environ.get("BENCH_SECONDS", "5"))
PEOPLE = int(os.environ.get("BENCH_PEOPLE", "64"))
PASSWORD = "correct horse battery"
SIGN_INS_ONLY = os.environ.get("BENCH_ONLY") == "sign-ins"

NGINX_CONF = """
worker_processes auto;
daemon off;
pid {work}/nginx.pid;
error_log {work}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    keepalive_requests 1000000;
    gzip_static on;
    client_body_temp_path {work}/body;
    proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi;
    uwsgi_temp_path {work}/uwsgi;
    scgi_temp_path {work}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {dist};
        location /assets/ {{ add_header Cache-Control "public, max-age=31536000, immutable"; try_files $uri =404; }}
        location / {{ add_header Cache-Control "no-cache"; try_files $uri /index.html; }}
        location = /published-program.pdf {{ alias {work}/published/program.pdf; }}
    }}
}}
"""


def need(program, package):
    if shutil.which(program):
        return
    if os.geteuid() != 0:
        sys.exit(f"bench-http needs `{program}`: apt-get install {package} (as root)")
    print(f"installing {package} with apt …", flush=True)
    subprocess.run(
        ["apt-get", "-o", "DPkg::Lock::Timeout=300", "install", "-y", "--no-install-recommends", package],
        check=True,
        env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
        stdout=subprocess.DEVNULL,
    )


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url):
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                return response.read()
        except OSError:
            time.sleep(0.1)
    sys.exit(f"{url} did not answer within 30 s")


UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def ms(text):
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * UNITS[unit]


def wrk(url, connections, gzip):
    command = ["wrk", "--latency", f"-t{min(2, connections)}", f"-c{connections}", f"-d{SECONDS}s", url]
    if gzip:
        command[1:1] = ["-H", "Accept-Encoding: gzip"]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if errors:
        sys.exit(f"{url}: {errors.group(1)} error responses\n{out}")
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p50 = ms(re.search(r"^\s+50%\s+(\S+)", out, re.M).group(1))
    p99 = ms(re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1))
    return rps, p50, p99


def start_colloquy(data_dir, env, port):
    """The release binary on `port`; returns the process once it answers."""
    process = subprocess.Popen(
        [str(BIN), "serve", "--listen", f"127.0.0.1:{port}", "--data-dir", str(data_dir)],
        cwd=data_dir.parent,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,  # every 503 is a log line; they would bury the table
    )
    wait_for(f"http://127.0.0.1:{port}/api/content/site")
    return process


def stop(process):
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=25)
    except subprocess.TimeoutExpired:
        process.kill()


def memory_mib(process, field):
    """A field of /proc/PID/status (VmRSS, VmHWM) in MiB."""
    status = Path(f"/proc/{process.pid}/status").read_text()
    return int(re.search(rf"^{field}:\s+(\d+) kB", status, re.M).group(1)) / 1024


def person_address(n):
    return f"127.2.{n // 250}.{n % 250 + 1}"


def post(port, path, body, source):
    """One JSON POST as the web app sends it; returns (status, Retry-After)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120, source_address=(source, 0))
    try:
        connection.request(
            "POST",
            path,
            json.dumps(body),
            {"Content-Type": "application/json", "X-Requested-With": "colloquy"},
        )
        response = connection.getresponse()
        response.read()
        return response.status, int(response.getheader("Retry-After") or 1)
    finally:
        connection.close()


def until_not_busy(port, path, body, source):
    """Posts, waiting out 503s as a person would; returns the final status."""
    while True:
        status, retry_after = post(port, path, body, source)
        if status != 503:
            return status
        time.sleep(retry_after)


def sign_in(port, n):
    body = {"email": f"person{n}@bench.example", "password": PASSWORD}
    status = until_not_busy(port, "/api/accounts/login", body, person_address(n))
    if status != 200:
        sys.exit(f"signing in person{n} answered {status}")


def in_parallel(count, work):
    """Runs work(n) for n in range(count) on threads released together."""
    start = threading.Barrier(count)
    failures = []

    def run(n):
        start.wait()
        try:
            work(n)
        except BaseException as error:  # noqa: BLE001 (reported below)
            failures.append(error)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]


def publish_program(work, port, env):
    """Publishes a program of 12 sessions as an admin would (register,
    verify, granted by the command line, sign in, add sessions, publish);
    returns the PDF the site now serves at /sculc-program.pdf."""
    data_dir = work / "data"
    base = f"http://127.0.0.1:{port}"
    organiser = {"first_name": "Bench", "last_name": "Organiser", "email": "organiser@bench.example"}
    status, _ = post(port, "/api/accounts/register", {**organiser, "password": PASSWORD}, "127.0.0.1")
    if status != 202:
        sys.exit(f"registering the organiser answered {status}")
    deadline = time.time() + 30
    while not list((data_dir / "outbox").glob("*.eml")) and time.time() < deadline:
        time.sleep(0.2)
    letter = next((data_dir / "outbox").glob("*.eml"))
    text = email.message_from_bytes(letter.read_bytes(), policy=email.policy.default).get_body(("plain",))
    token = re.search(r"/verify-email\?token=([\w-]+)", text.get_content()).group(1)
    post(port, "/api/accounts/verify-email", {"token": token}, "127.0.0.1")
    subprocess.run(
        [str(BIN), "admin", "grant", organiser["email"], "--data-dir", str(data_dir)],
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def send(path, body):
        request = urllib.request.Request(
            base + path,
            json.dumps(body).encode(),
            {"Content-Type": "application/json", "X-Requested-With": "colloquy"},
        )
        try:
            with browser.open(request, timeout=60) as response:
                return response.read()
        except urllib.error.HTTPError as error:
            sys.exit(f"{path} answered {error.code}: {error.read().decode(errors='replace')}")

    send("/api/accounts/login", {"email": organiser["email"], "password": PASSWORD})
    for hour in range(8, 20):
        send(
            "/api/admin/program/2025/sessions",
            {
                "kind": "keynote" if hour == 8 else "break" if hour == 12 else "talks",
                "title": f"Session at {hour}: phonology, morphology and the syntax–semantics interface",
                "starts_at": f"2025-05-17T{hour:02}:00:00-07:00",
                "ends_at": f"2025-05-17T{hour:02}:50:00-07:00",
                "room": f"Room {100 + hour}",
            },
        )
    send("/api/admin/program/2025/publish", {})
    with urllib.request.urlopen(base + "/sculc-program.pdf", timeout=10) as response:
        return response.read()


def sign_ins(work, env):
    """The sign-ins row: peak RSS rise of PEOPLE at once, then the sustained rate."""
    data_dir = work / "sign-in-data"
    port = free_port()
    server = start_colloquy(data_dir, env, port)
    try:
        for n in range(PEOPLE):
            body = {
                "first_name": "Bench",
                "last_name": f"Person{chr(97 + n % 26)}",
                "email": f"person{n}@bench.example",
                "password": PASSWORD,
            }
            status = until_not_busy(port, "/api/accounts/register", body, person_address(n))
            if status != 202:
                sys.exit(f"registering person{n} answered {status}")
        deadline = time.time() + 30
        while len(list((data_dir / "outbox").glob("*.eml"))) < PEOPLE and time.time() < deadline:
            time.sleep(0.2)
        for letter in (data_dir / "outbox").glob("*.eml"):
            message = email.message_from_bytes(letter.read_bytes(), policy=email.policy.default)
            text = message.get_body(("plain",)).get_content()
            token = re.search(r"/verify-email\?token=([\w-]+)", text).group(1)
            status, _ = post(port, "/api/accounts/verify-email", {"token": token}, "127.0.0.1")
            if status != 200:
                sys.exit(f"verifying {letter.name} answered {status}")
    finally:
        stop(server)

    # A fresh server, so that its peak memory is this burst's.
    server = start_colloquy(data_dir, env, port)
    try:
        time.sleep(0.5)
        before = memory_mib(server, "VmRSS")
        in_parallel(PEOPLE, lambda n: sign_in(port, n))
        rise = memory_mib(server, "VmHWM") - before

        alone = []
        for _ in range(15):
            started = time.perf_counter()
            sign_in(port, 0)
            alone.append(time.perf_counter() - started)
        one = statistics.median(alone)
        cores = os.cpu_count()
        goal = cores / one * 0.8

        finished, times = [], []
        window_start = time.perf_counter()

        def keep_signing_in(n):
            while time.perf_counter() - window_start < SECONDS:
                started = time.perf_counter()
                sign_in(port, n)
                ended = time.perf_counter()
                if ended - window_start <= SECONDS:
                    finished.append(1)
                    times.append((ended - started) * 1000)

        window_start = time.perf_counter()
        in_parallel(PEOPLE, keep_signing_in)
        rate = len(finished) / SECONDS
        times.sort()
        p50 = statistics.median(times)
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    finally:
        stop(server)
    return {"rise": rise, "one_ms": one * 1000, "goal": goal, "rate": rate, "p50": p50, "p99": p99, "cores": cores}


def print_header():
    load = os.getloadavg()
    what = (
        f"sign-ins alone, {SECONDS} s of sustained sign-ins"
        if SIGN_INS_ONLY
        else f"{ROUNDS} rounds of {SECONDS} s each, medians over the rounds"
    )
    print(
        f"\n{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores, "
        f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; {what}; {BIN}\n"
    )
    print("| what | colloquy req/s | p50 ms | p99 ms | nginx req/s | p50 ms | p99 ms | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")


def print_sign_ins(signed):
    print(
        f"| sign-ins, {PEOPLE} concurrent (peak RSS rise **{signed['rise']:.0f} MiB**; "
        f"goal {signed['cores']} ÷ {signed['one_ms']:.0f} ms alone × 0.8 = {signed['goal']:.0f}/s) "
        f"| {signed['rate']:,.1f} | {signed['p50']:.2f} | {signed['p99']:.2f} | — | — | — | — |"
    )


def main():
    if not BIN.is_file() or not (SIGN_INS_ONLY or (DIST / "index.html").is_file()):
        sys.exit("build first: make build (web/dist and target/release/colloquy)")
    if SIGN_INS_ONLY:
        work = Path(tempfile.mkdtemp(prefix="colloquy-bench-http-"))
        try:
            env = {k: v for k, v in os.environ.items() if k not in ("COLLOQUY_WEB_DIR", "DATABASE_URL")}
            env.update(RUST_LOG="warn", COLLOQUY_CONFIG=str(work / "absent.toml"))
            signed = sign_ins(work, env)
            print_header()
            print_sign_ins(signed)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return
    need("wrk", "wrk")
    need("nginx", "nginx-light")
    shell = (DIST / "index.html").read_text()
    script = re.search(r'src="(/assets/index-[^"]+\.js)"', shell).group(1)
    small = "/favicon.svg"
    # (name, path, connections, gzip, nginx serves it too)
    scenarios = [
        (f"main script {script} (gzip)", script, 16, True, True),
        ("page shell /sculc-2025 (gzip)", "/sculc-2025", 16, True, True),
        ("program PDF /sculc-program.pdf", "/sculc-program.pdf", 16, False, True),
        ("content API /api/content/editions/2025", "/api/content/editions/2025", 16, True, False),
        (f"small file {small}, 1 kept-alive connection", small, 1, False, True),
    ]

    work = Path(tempfile.mkdtemp(prefix="colloquy-bench-http-"))
    processes = []
    try:
        colloquy_port, nginx_port = free_port(), free_port()
        env = {k: v for k, v in os.environ.items() if k not in ("COLLOQUY_WEB_DIR", "DATABASE_URL")}
        env.update(RUST_LOG="warn", COLLOQUY_CONFIG=str(work / "absent.toml"))
        processes.append(
            subprocess.Popen(
                [str(BIN), "serve", "--listen", f"127.0.0.1:{colloquy_port}", "--data-dir", str(work / "data")],
                cwd=work,
                env=env,
                stdout=subprocess.DEVNULL,
            )
        )
        conf = work / "nginx.conf"
        conf.write_text(NGINX_CONF.format(work=work, port=nginx_port, dist=DIST))
        processes.append(subprocess.Popen(["nginx", "-c", str(conf), "-e", str(work / "nginx-error.log")]))
        servers = {"colloquy": f"http://127.0.0.1:{colloquy_port}", "nginx": f"http://127.0.0.1:{nginx_port}"}
        for base in servers.values():
            wait_for(base + "/")

        results = {(name, server): [] for name, *_ in scenarios for server in servers}
        for round_ in range(ROUNDS):
            order = list(servers) if round_ % 2 == 0 else list(reversed(servers))
            for name, path, connections, gzip, on_nginx in scenarios:
                for server in order:
                    if server == "nginx" and not on_nginx:
                        continue
                    results[(name, server)].append(wrk(servers[server] + path, connections, gzip))
            print(f"round {round_ + 1}/{ROUNDS} done", file=sys.stderr, flush=True)

        # Once published, /sculc-program.pdf is the stored PDF, held in
        # memory (ProgramPdfCache); nginx serves the same bytes from a file.
        published = publish_program(work, colloquy_port, env)
        # nginx's workers run as another user: they may pass through the
        # temp folder (0711) and read this one file.
        work.chmod(0o711)
        (work / "published").mkdir(mode=0o755)
        (work / "published" / "program.pdf").write_bytes(published)
        (work / "published" / "program.pdf").chmod(0o644)
        paths = {"colloquy": "/sculc-program.pdf", "nginx": "/published-program.pdf"}
        if urllib.request.urlopen(servers["nginx"] + paths["nginx"]).read() != published:
            sys.exit("nginx does not serve the published program's bytes")
        name = f"published program PDF ({len(published) // 1024} KB)"
        scenarios.append((name, "", 16, False, True))
        results.update({(name, server): [] for server in servers})
        for round_ in range(ROUNDS):
            order = list(servers) if round_ % 2 == 0 else list(reversed(servers))
            for server in order:
                results[(name, server)].append(wrk(servers[server] + paths[server], 16, False))
        print("published program done", file=sys.stderr, flush=True)
        signed = sign_ins(work, env)
        print("sign-ins done", file=sys.stderr, flush=True)

        print_header()
        for name, _, connections, _, on_nginx in scenarios:
            row = [f"{name}, {connections} conn."]
            medians = {}
            for server in servers:
                runs = results[(name, server)]
                if not runs:
                    row += ["—", "—", "—"]
                    continue
                rps, p50, p99 = (statistics.median(column) for column in zip(*runs))
                medians[server] = rps
                row += [f"{rps:,.0f}", f"{p50:.2f}", f"{p99:.2f}"]
            ratio = f"{medians['colloquy'] / medians['nginx']:.2f}×" if on_nginx else "—"
            print("| " + " | ".join(row + [ratio]) + " |")
        print_sign_ins(signed)
    finally:
        for process in processes:
            process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=25)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
