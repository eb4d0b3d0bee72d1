#!/usr/bin/env python3
"""Hostile HTTP/1.1 clients against a server on loopback (standard library only).

Usage: hostile_clients.py PORT SECRET

The server must serve POST /api/users (the middleware, limit 1 MiB), POST /small/users (limit
4 KiB), both with a contract that has a required `name` and a `writeOnly` `password`, and
GET /health. Each hostile case puts SECRET in the `password` field. While a case runs, a
well-behaved client keeps posting a valid body and reading /health on fresh connections; a case
lasts until that client has finished at least two requests since the case began.

Prints one JSON line per case:
  {"case", "status" (first answer's status, or null), "closed" (server closed the connection
   within the bound), "seconds" (until the answer or the close), "early" (the answer came before
   the client finished sending), "echoed" (SECRET in an answer), "good_ok", "good_failed"}
and a last line {"good_ok", "good_failed", "errors"} for the well-behaved client overall.
Every wait is bounded; the whole run stops itself after 600 seconds.
"""

import json
import select
import signal
import socket
import sys
import threading
import time

HOST = "127.0.0.1"
PORT = int(sys.argv[1])
SECRET = sys.argv[2].encode()
# The longest any case waits for an answer or a close. Generous: under a full test run the
# servers' handlers may wait seconds for a thread of Swift's cooperative pool.
WAIT = 60.0

signal.alarm(600)


def connect():
    sock = socket.create_connection((HOST, PORT), timeout=WAIT)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def head(path, extra):
    lines = [f"POST {path} HTTP/1.1", f"Host: {HOST}:{PORT}", "Content-Type: application/json"] + extra
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def chunk(data):
    return b"%x\r\n" % len(data) + data + b"\r\n"


class Reader:
    """Reads HTTP/1.1 responses from a socket, within a deadline."""

    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""
        self.closed = False

    def fill(self, deadline):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        ready, _, _ = select.select([self.sock], [], [], remaining)
        if not ready:
            return False
        try:
            data = self.sock.recv(65536)
        except (ConnectionResetError, BrokenPipeError):
            data = b""
        if not data:
            self.closed = True
            return False
        self.buffer += data
        return True

    def response(self, deadline):
        """(status, body) of the next response, or None if the connection closed or time ran out."""
        while b"\r\n\r\n" not in self.buffer:
            if not self.fill(deadline):
                return None
        header, _, rest = self.buffer.partition(b"\r\n\r\n")
        lines = header.split(b"\r\n")
        status = int(lines[0].split()[1])
        length = 0
        chunked = False
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
            if name.strip().lower() == b"transfer-encoding" and b"chunked" in value.lower():
                chunked = True
        if chunked:
            while b"\r\n0\r\n\r\n" not in rest and not rest.startswith(b"0\r\n\r\n"):
                if not self.fill(deadline):
                    break
                rest = self.buffer.partition(b"\r\n\r\n")[2]
            end = rest.find(b"0\r\n\r\n")
            body, self.buffer = rest[:end], rest[end + 5:]
        else:
            while len(rest) < length:
                if not self.fill(deadline):
                    break
                rest = self.buffer.partition(b"\r\n\r\n")[2]
            body, self.buffer = rest[:length], rest[length:]
        return status, body

    def wait_close(self, deadline):
        """Whether the server closes the connection before the deadline (reading what comes)."""
        while not self.closed:
            if not self.fill(deadline) and not self.closed:
                return False
        return True


class GoodClient(threading.Thread):
    """Valid requests on fresh connections, in a loop, until stopped."""

    body = b'{"name": " good ", "password": "good-password"}'

    def __init__(self):
        super().__init__(daemon=True)
        self.ok = 0
        self.failed = 0
        self.errors = []
        self.lock = threading.Lock()
        self.stopping = threading.Event()

    def one(self, request, expected):
        sock = connect()
        try:
            sock.sendall(request)
            answer = Reader(sock).response(time.monotonic() + WAIT)
        finally:
            sock.close()
        if answer is None or answer[0] != 200 or answer[1] != expected:
            raise RuntimeError(f"answer {answer!r}")

    def run(self):
        post = head("/api/users", [f"Content-Length: {len(self.body)}", "Connection: close"]) + self.body
        health = f"GET /health HTTP/1.1\r\nHost: {HOST}:{PORT}\r\nConnection: close\r\n\r\n".encode()
        while not self.stopping.is_set():
            for request, expected in ((post, b"created"), (health, b"ok")):
                try:
                    self.one(request, expected)
                    with self.lock:
                        self.ok += 1
                except Exception as error:  # noqa: BLE001 - every failure is counted and reported
                    with self.lock:
                        self.failed += 1
                        self.errors.append(str(error))
            time.sleep(0.02)

    def counts(self):
        with self.lock:
            return self.ok, self.failed


def prefix():
    return b'{"name": "x", "password": "' + SECRET


def answer_and_close(sock, started, sent_all=True):
    reader = Reader(sock)
    answer = reader.response(time.monotonic() + WAIT)
    result = {
        "status": answer[0] if answer else None,
        "echoed": bool(answer) and SECRET in answer[1],
        "seconds": round(time.monotonic() - started, 3),
        "closed": reader.closed,
    }
    return result, reader


def slow_oversized():
    """Chunked (no Content-Length to refuse up front), 256 bytes every 20 ms, 32 KiB in all, to the 4 KiB route."""
    sock = connect()
    started = time.monotonic()
    sock.sendall(head("/small/users", ["Transfer-Encoding: chunked"]))
    sock.sendall(chunk(prefix()))
    early = False
    sent = 0
    while sent < 32 << 10:
        ready, _, _ = select.select([sock], [], [], 0)
        if ready:
            early = True
            break
        try:
            sock.sendall(chunk(b"a" * 256))
        except (BrokenPipeError, ConnectionResetError):
            break
        sent += 256
        time.sleep(0.02)
    if not early:
        try:
            sock.sendall(chunk(b'"}') + b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
    result, _ = answer_and_close(sock, started)
    result["early"] = early
    sock.close()
    return result


def never_ending():
    """Chunked, one chunk, then silence on an open connection."""
    sock = connect()
    started = time.monotonic()
    sock.sendall(head("/api/users", ["Transfer-Encoding: chunked"]) + chunk(prefix()))
    result, reader = answer_and_close(sock, started)
    if result["status"] is None:
        result["closed"] = reader.closed
    sock.close()
    return result


def content_length_short():
    """Content-Length shorter than the body sent: the server reads a cut body, then the rest as a request."""
    body = prefix() + b'", "note": "the rest of this body is past the declared length"}'
    sock = connect()
    started = time.monotonic()
    sock.sendall(head("/api/users", [f"Content-Length: {len(body) - 40}"]) + body)
    result, reader = answer_and_close(sock, started)
    # What follows the cut is not a request: the server ends the connection (within the bound).
    result["closed"] = reader.wait_close(time.monotonic() + WAIT)
    result["seconds"] = round(time.monotonic() - started, 3)
    sock.close()
    return result


def content_length_long():
    """Content-Length longer than the body sent (a complete, valid JSON body), then silence."""
    body = prefix() + b'"}'
    sock = connect()
    started = time.monotonic()
    sock.sendall(head("/api/users", [f"Content-Length: {len(body) + 100}"]) + body)
    result, reader = answer_and_close(sock, started)
    sock.close()
    return result


def whole(body):
    sock = connect()
    started = time.monotonic()
    sock.sendall(head("/api/users", [f"Content-Length: {len(body)}"]) + body)
    result, _ = answer_and_close(sock, started)
    sock.close()
    return result


def invalid_utf8():
    return whole(prefix() + b'\xc3\x28\xff\xed\xa0\x80"}')


def deep_nesting():
    return whole(prefix() + b'", "items": ' + b"[" * 10_000 + b"]" * 10_000 + b"}")


def json_bomb():
    return whole(prefix() + b'"' + b', "name": "x"' * 20_000 + b"}")


CASES = [
    ("slow-oversized", slow_oversized),
    ("never-ending", never_ending),
    ("content-length-short", content_length_short),
    ("content-length-long", content_length_long),
    ("invalid-utf8", invalid_utf8),
    ("deep-nesting", deep_nesting),
    ("json-bomb", json_bomb),
]


def main():
    good = GoodClient()
    good.start()
    for name, case in CASES:
        before = good.counts()
        try:
            result = case()
        except Exception as error:  # noqa: BLE001 - reported as the case's result
            result = {"status": None, "error": repr(error)}
        deadline = time.monotonic() + WAIT
        while good.counts()[0] < before[0] + 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        after = good.counts()
        result.update(case=name, good_ok=after[0] - before[0], good_failed=after[1] - before[1])
        print(json.dumps(result), flush=True)
    good.stopping.set()
    good.join(WAIT * 2 + 1)
    ok, failed = good.counts()
    print(json.dumps({"good_ok": ok, "good_failed": failed, "errors": good.errors[:5]}), flush=True)


main()
