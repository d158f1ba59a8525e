"""Helpers for the process-level tests: a loopback proxy in front of PostgreSQL that can delay,
swallow or cut its traffic, a signed-in HTTP client, raw sockets, and the app's memory."""
import re
import struct
import select
import socket
import subprocess
import threading
import time
import zlib

import requests

from conftest import free_port


class PostgresProxy:
    """A TCP proxy on loopback between the app and PostgreSQL.

    - `forward()`: passes bytes both ways (the default);
    - `delay(seconds)`: holds every answer from PostgreSQL that long, so queries are slow;
    - `swallow()`: keeps every connection open but passes nothing on, like a server that stopped
      answering without closing connections (a frozen host, a network partition);
    - `cut()`: closes every connection and refuses new ones, like a stopped server.
    """

    def __init__(self, upstream_port):
        self.upstream = ("127.0.0.1", upstream_port)
        self.port = free_port()
        self.mode = "forward"
        self.lag = 0.0
        self.lock = threading.Lock()
        self.sockets = set()
        self.listener = socket.create_server(("127.0.0.1", self.port), reuse_port=False)
        self.running = True
        threading.Thread(target=self._accept, daemon=True).start()

    def forward(self):
        self.mode, self.lag = "forward", 0.0

    def delay(self, seconds):
        self.mode, self.lag = "forward", seconds

    def swallow(self):
        self.mode = "swallow"

    def cut(self):
        self.mode = "cut"
        with self.lock:
            for sock in list(self.sockets):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                sock.close()
            self.sockets.clear()

    def close(self):
        self.running = False
        self.cut()
        self.listener.close()

    def _accept(self):
        while self.running:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.mode == "cut":
                client.close()
                continue
            try:
                server = socket.create_connection(self.upstream, timeout=5)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.sockets.update((client, server))
            threading.Thread(target=self._pump, args=(client, server, False), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, True), daemon=True).start()

    def _pump(self, source, target, from_server):
        try:
            while True:
                readable, _, _ = select.select([source], [], [], 0.5)
                if not readable:
                    if not self.running:
                        return
                    continue
                data = source.recv(65536)
                if not data:
                    break
                if self.mode == "swallow":
                    continue  # read and dropped: the other side waits forever
                if from_server and self.lag:
                    time.sleep(self.lag)
                target.sendall(data)
        except (OSError, ValueError):
            pass  # closed under us by cut(): the connection is gone, as intended
        finally:
            for sock in (source, target):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


class Visitor:
    """A browser-like HTTP client: keeps cookies, sends the last page's CSRF token with forms."""

    def __init__(self, base, client_address=None):
        self.base = base
        self.http = requests.Session()
        self.csrf = None
        if client_address:
            self.http.headers["X-Forwarded-For"] = client_address

    def get(self, path, follow=False, **kwargs):
        """The answer to `path`; with `follow`, the page its redirects end on."""
        response = self.http.get(self.base + path, allow_redirects=follow, timeout=kwargs.pop("timeout", 30), **kwargs)
        self._remember_token(response)
        return response

    def post(self, path, fields=(), csrf=True, **kwargs):
        fields = list(fields)
        if csrf and self.csrf:
            fields.append(("csrf_token", self.csrf))
        response = self.http.post(self.base + path, data=fields, allow_redirects=False,
                                  timeout=kwargs.pop("timeout", 30), **kwargs)
        self._remember_token(response)
        return response

    def sign_in(self, email, password):
        self.get("/login")
        response = self.post("/login", [("email", email), ("password", password)])
        assert response.status_code == 303, (response.status_code, response.text[:500])
        return response

    def sign_up(self, email, password):
        self.get("/signup")
        response = self.post("/signup", [("email", email), ("password", password), ("password_confirmation", password)])
        assert response.status_code == 303, (response.status_code, response.text[:500])
        return response

    def _remember_token(self, response):
        match = re.search(r'name="csrf_token" value="([^"]+)"', response.text or "")
        if match:
            self.csrf = match.group(1)


def raw_exchange(port, chunks, pause=0.05, timeout=10):
    """Sends `chunks` (bytes) over one connection with a pause between them and returns
    everything the server answered until it closed the connection or went quiet."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        for index, chunk in enumerate(chunks):
            if index:
                time.sleep(pause)
            try:
                sock.sendall(chunk)
            except OSError:
                break
        answer = b""
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                data = sock.recv(65536)
            except socket.timeout:
                break
            except OSError:
                break
            if not data:
                break
            answer += data
            if b"\r\n\r\n" in answer and response_complete(answer):
                break
        return answer


def response_complete(answer):
    head, _, body = answer.partition(b"\r\n\r\n")
    match = re.search(rb"(?i)content-length:\s*(\d+)", head)
    return match is not None and len(body) >= int(match.group(1))


def status_of(answer):
    match = re.match(rb"HTTP/1\.[01] (\d{3})", answer)
    return int(match.group(1)) if match else None


def form_request(path, fields_text, cookie=None, host="127.0.0.1"):
    """A urlencoded POST as bytes, with an exact Content-Length."""
    body = fields_text.encode()
    head = (f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n")
    if cookie:
        head += f"Cookie: {cookie}\r\n"
    return (head + "\r\n").encode(), body


def rss_kib(pid, field="VmRSS"):
    """Resident memory now (`VmHWM`: the most it has ever been)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field}")


def port_is_free(port):
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) != 0


class Database:
    """One long-lived psql process for quick queries (a new process per query is too slow for
    property tests)."""

    def __init__(self, psql, url):
        self.process = subprocess.Popen([psql, url, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=0"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True, bufsize=1)

    def query(self, sql):
        marker = "__done__"
        self.process.stdin.write(sql.rstrip().rstrip(";") + ";\n\\echo " + marker + "\n")
        self.process.stdin.flush()
        lines = []
        for line in self.process.stdout:
            if line.strip() == marker:
                break
            lines.append(line.rstrip("\n"))
        return "\n".join(lines).strip()

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=5)


def zip_bomb(inflated_bytes, name="eurofxref-hist.csv"):
    """A zip whose one CSV (a header, then a row and blank lines, over and over) inflates to
    `inflated_bytes` (under 4 GiB), made in a moment: a megabyte deflated once, its bytes
    repeated. After a full flush a deflate stream refers to nothing before it, so the same bytes
    stand for the same megabyte again. About a thousandth of the CSV's size (deflate's best),
    with an honest size and checksum."""
    header = b"Date,USD,JPY,\n"
    row = b"2020-03-13,1.1104,119.11,\n"
    block = row + b"\n" * ((1 << 20) - len(row))
    count = (inflated_bytes - len(header)) // len(block)
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    head = deflate.compress(header) + deflate.flush(zlib.Z_FULL_FLUSH)
    body = deflate.compress(block) + deflate.flush(zlib.Z_FULL_FLUSH)
    data = head + body * count + deflate.flush(zlib.Z_FINISH)
    size = len(header) + len(block) * count
    crc = zlib.crc32(header)
    for _ in range(count):
        crc = zlib.crc32(block, crc)
    encoded = name.encode()
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(data), size, len(encoded), 0) + encoded
    central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc, len(data), size, len(encoded),
                          0, 0, 0, 0, 0, 0) + encoded
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central), len(local) + len(data), 0)
    return local + data + central + end
