#!/usr/bin/env python3
"""Recording HTTP(S) servers on 127.0.0.1 for swift-sanitize's adapter tests.

Usage: recording_tls_server.py DEADLINE_SECONDS CONFIG_JSON

CONFIG_JSON is {"servers": [{"name": "A", "cert": PEM_CHAIN?, "key": PEM_KEY?,
"redirects": {"/path": "URL with {PORT_<name>} placeholders"},
"bodies": {"/path": "JSON text"}, "statuses": {"/path": 410},
"challenges": {"/path": {"challenge": "Basic realm=...", "expect": "Basic dXNlcjpwYXNz"}}}]}.
A challenge path answers 401 with the challenge unless Authorization equals "expect". A server with "cert"
speaks TLS (the chain file is sent as is). Each server listens on a port chosen by the OS;
the first line on standard output is "READY name=port name=port ...".

Every event is then one JSON line on standard output:
  {"server": name, "event": "request", "method", "path", "headers": [[k, v]...], "body": n}
  {"server": name, "event": "tls-failed", "error": text}   (no request bytes were read)
Redirect paths answer 302 with the Location filled in (UTF-8), body paths their status (default 200)
and their JSON;
every other path answers 200 "ok".
The process stops by itself after DEADLINE_SECONDS, or when its standard input closes.
Standard library only.
"""
import http.server
import json
import ssl
import sys
import threading

lock = threading.Lock()
ports = {}


def emit(record):
    with lock:
        sys.stdout.write(json.dumps(record) + "\n")
        sys.stdout.flush()


def handler_for(name, redirects, bodies, statuses, challenges):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _respond(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(min(length, 1 << 20)) if length else b""
            emit({"server": name, "event": "request", "method": self.command, "path": self.path,
                  "headers": [[k, v] for k, v in self.headers.items()], "body": len(body)})
            guarded = challenges.get(self.path.split("?")[0])
            if guarded is not None and self.headers.get("Authorization") != guarded["expect"]:
                self.send_response(401)
                self.send_header("WWW-Authenticate", guarded["challenge"])
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            target = redirects.get(self.path.split("?")[0])
            if target is not None:
                for other, port in ports.items():
                    target = target.replace("{PORT_%s}" % other, str(port))
                self.send_response(302)
                # As UTF-8 bytes: a non-ASCII host arrives as a careless server would send it.
                self.send_header("Location", target.encode("utf-8").decode("latin-1"))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            json_body = bodies.get(self.path.split("?")[0])
            payload = json_body.encode() if json_body is not None else b"ok"
            self.send_response(statuses.get(self.path.split("?")[0], 200))
            self.send_header("Content-Type", "application/json" if json_body is not None else "text/plain")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        do_GET = _respond
        do_POST = _respond
        do_PUT = _respond

        def log_message(self, format, *args):
            pass

    return Handler


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, name, context, redirects, bodies, statuses, challenges):
        self.name = name
        self.context = context
        super().__init__(("127.0.0.1", 0), handler_for(name, redirects, bodies, statuses, challenges))

    def process_request_thread(self, request, client_address):
        if self.context is not None:
            # Ample on loopback: the pinned client's certificate check and exchange run on its
            # event loop, never waiting for the Swift cooperative pool that synchronous tests
            # hold (PinnedTransportPoolTests runs them with the pool held).
            request.settimeout(10)
            try:
                request = self.context.wrap_socket(request, server_side=True)
            except (ssl.SSLError, OSError) as error:
                emit({"server": self.name, "event": "tls-failed", "error": type(error).__name__})
                request.close()
                return
        super().process_request_thread(request, client_address)

    def handle_error(self, request, client_address):
        pass


def main():
    deadline = float(sys.argv[1])
    config = json.loads(sys.argv[2])
    servers = []
    for spec in config["servers"]:
        context = None
        if spec.get("cert"):
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(spec["cert"], spec["key"])
        server = Server(spec["name"], context, spec.get("redirects", {}), spec.get("bodies", {}), spec.get("statuses", {}),
                        spec.get("challenges", {}))
        ports[spec["name"]] = server.server_address[1]
        servers.append(server)
    serve(servers, ports, deadline)


def serve(servers, ports, deadline):
    """Serves every server, writes the READY line, and returns after DEADLINE_SECONDS or when
    standard input closes (recording_proxy.py uses it too)."""
    for server in servers:
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()
    sys.stdout.write("READY " + " ".join("%s=%d" % item for item in ports.items()) + "\n")
    sys.stdout.flush()
    stop = threading.Event()

    def watch_stdin():
        sys.stdin.read()
        stop.set()

    threading.Thread(target=watch_stdin, daemon=True).start()
    stop.wait(deadline)


if __name__ == "__main__":
    main()
