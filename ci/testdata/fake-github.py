#!/usr/bin/env python3
"""A stand-in for the part of GitHub's REST API that ci/ab-pr.sh uses: a pull request's comments (list, create,
update), kept in memory. Every request is appended to the log file as one JSON line (method, path, body); a request
without the expected token gets 401. Usage: fake-github.py PORT_FILE LOG_FILE TOKEN (it writes the port it listens
on to PORT_FILE)."""
import json
import re
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

port_file, log_file, token = sys.argv[1:4]
comments = {}  # id -> {"id", "body", "issue"}


class Handler(BaseHTTPRequestHandler):
    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length)) if length else None
        with open(log_file, "a") as log:
            log.write(json.dumps({"method": self.command, "path": self.path, "body": body}) + "\n")
        if self.headers.get("Authorization") != "Bearer " + token:
            return self.answer(401, {"message": "Bad credentials"})
        path = self.path.split("?")[0]
        m = re.fullmatch(r"/repos/[^/]+/[^/]+/issues/(\d+)/comments", path)
        if m and self.command == "GET":
            page = int((re.search(r"[?&]page=(\d+)", self.path) or [0, "1"])[1])
            mine = [c for c in comments.values() if c["issue"] == m[1]]
            return self.answer(200, mine[(page - 1) * 100 : page * 100])
        if m and self.command == "POST":
            c = {"id": 1000 + len(comments), "body": body["body"], "issue": m[1]}
            comments[c["id"]] = c
            return self.answer(201, c)
        m = re.fullmatch(r"/repos/[^/]+/[^/]+/issues/comments/(\d+)", path)
        if m and self.command == "PATCH" and int(m[1]) in comments:
            comments[int(m[1])]["body"] = body["body"]
            return self.answer(200, comments[int(m[1])])
        return self.answer(404, {"message": "Not Found"})

    do_GET = do_POST = do_PATCH = handle_any

    def log_message(self, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(port_file, "w") as f:
    f.write(str(server.server_address[1]))
server.serve_forever()
