#!/usr/bin/env python3
"""Two recording HTTP servers on 127.0.0.1 for the request-guard end-to-end test.

Server A and server B each listen on a port chosen by the OS. The first line on standard
output is "READY <port A> <port B>". Every request either server receives is then written
to standard output as one JSON line: {"server": "A"|"B", "method", "path", "headers"}.

Server A answers /api/redirect with 302 Found to http://127.0.0.1:<port B>/landing.
Everything else gets 200 "ok". A request to /shutdown on either server stops both.

The process stops by itself: after /shutdown, after MAX_REQUESTS requests, or after the
deadline in seconds given as the first argument (default 60), whichever comes first.
Written for swift-sanitize's tests; no third-party modules.
"""
import http.server
import json
import sys
import threading

MAX_REQUESTS = 64
deadline = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
done = threading.Event()
lock = threading.Lock()
state = {"count": 0, "port_b": 0}


def handler_for(name):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"

        def _record(self):
            with lock:
                state["count"] += 1
                line = json.dumps({
                    "server": name,
                    "method": self.command,
                    "path": self.path,
                    "headers": [[k, v] for k, v in self.headers.items()],
                })
                sys.stdout.write(line + "\n")
                sys.stdout.flush()
                if state["count"] >= MAX_REQUESTS:
                    done.set()

        def _respond(self):
            self._record()
            if self.path == "/shutdown":
                self._send(200, b"bye")
                done.set()
            elif name == "A" and self.path.startswith("/api/redirect"):
                self.send_response(302)
                self.send_header("Location", "http://127.0.0.1:%d/landing" % state["port_b"])
                self.send_header("Content-Length", "0")
                self.end_headers()
            else:
                self._send(200, b"ok")

        def _send(self, status, body):
            self.send_response(status)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = _respond
        do_POST = _respond

        def log_message(self, format, *args):
            pass

    return Handler


def main():
    server_a = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler_for("A"))
    server_b = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler_for("B"))
    state["port_b"] = server_b.server_address[1]
    for server in (server_a, server_b):
        server.timeout = 1
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()
    sys.stdout.write("READY %d %d\n" % (server_a.server_address[1], server_b.server_address[1]))
    sys.stdout.flush()
    done.wait(deadline)
    server_a.shutdown()
    server_b.shutdown()


if __name__ == "__main__":
    main()
