#!/usr/bin/env python3
"""Recording forward proxies on 127.0.0.1 for swift-sanitize's proxy-challenge tests.

Usage: recording_proxy.py DEADLINE_SECONDS CONFIG_JSON

CONFIG_JSON is {"proxies": [{"name": "P", "challenge": "Bearer realm=...", "expect": "Bearer t"}]}.
A CONNECT whose Proxy-Authorization is not exactly "expect" is answered 407 with
"Proxy-Authenticate: challenge" (and the connection closed); one that matches is answered
200 and tunnelled to its target, which must be on 127.0.0.1. Any other request is answered
407 with the challenge, as a server that is not a proxy might (the "origin sends 407" case).
Each proxy listens on a port chosen by the OS; the first line on standard output is
"READY name=port name=port ...".

Every request head is then one JSON line on standard output, before it is answered:
  {"server": name, "event": "request", "method", "target", "headers": [[k, v]...]}
The process stops by itself after DEADLINE_SECONDS, or when its standard input closes.
Standard library only.
"""
import json
import select
import socket
import socketserver
import sys
import threading

from recording_tls_server import serve

lock = threading.Lock()


def emit(record):
    with lock:
        sys.stdout.write(json.dumps(record) + "\n")
        sys.stdout.flush()


def read_head(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk or len(data) > 65536:
            return None
        data += chunk
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    method, target, _ = (head[0].split(" ") + ["", ""])[:3]
    headers = [line.split(":", 1) for line in head[1:] if ":" in line]
    return method, target, [[k.strip(), v.strip()] for k, v in headers]


def relay(a, b):
    sockets = [a, b]
    while True:
        readable, _, _ = select.select(sockets, [], [], 30)
        if not readable:
            return
        for sock in readable:
            data = sock.recv(65536)
            if not data:
                return
            (b if sock is a else a).sendall(data)


def handler_for(spec):
    class Handler(socketserver.BaseRequestHandler):
        def handle(self):
            self.request.settimeout(30)
            head = read_head(self.request)
            if head is None:
                return
            method, target, headers = head
            emit({"server": spec["name"], "event": "request", "method": method, "target": target,
                  "headers": headers})
            given = [v for k, v in headers if k.lower() == "proxy-authorization"]
            if method != "CONNECT" or given != [spec["expect"]]:
                self.request.sendall(("HTTP/1.1 407 Proxy Authentication Required\r\n"
                                      "Proxy-Authenticate: %s\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                                      % spec["challenge"]).encode("latin-1"))
                return
            host, _, port = target.rpartition(":")
            if host != "127.0.0.1":
                self.request.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                return
            upstream = socket.create_connection((host, int(port)), timeout=30)
            self.request.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
            try:
                relay(self.request, upstream)
            finally:
                upstream.close()

    return Handler


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        pass


def main():
    deadline = float(sys.argv[1])
    config = json.loads(sys.argv[2])
    servers = [Server(("127.0.0.1", 0), handler_for(spec)) for spec in config["proxies"]]
    ports = {spec["name"]: server.server_address[1] for spec, server in zip(config["proxies"], servers)}
    serve(servers, ports, deadline)


if __name__ == "__main__":
    main()
