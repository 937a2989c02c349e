#!/usr/bin/env python3
"""Generate, compile and grant a tiny C health-check responder.

The responder answers `200 OK` with a fixed JSON body on a low port (80 by
default) for the load balancer. Its C source is assembled from snippets,
compiled with the system C compiler into ./build/, and then given
CAP_NET_BIND_SERVICE with `sudo setcap` so it can bind below 1024 without
running as root.
"""
import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("hc-build")

INCLUDES = ["stdio.h", "string.h", "unistd.h", "netinet/in.h", "sys/socket.h"]

MAIN_TMPL = r"""
static const char RESPONSE[] =
    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
    "Content-Length: %(body_len)d\r\nConnection: close\r\n\r\n%(body)s";

int main(void) {
    int one = 1;
    int srv = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in addr = {0};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(%(port)d);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(srv, (struct sockaddr *)&addr, sizeof addr) < 0) { perror("bind"); return 1; }
    listen(srv, 16);
    for (;;) {
        char buf[512];
        int c = accept(srv, NULL, NULL);
        if (c < 0) continue;
        read(c, buf, sizeof buf);
        write(c, RESPONSE, sizeof RESPONSE - 1);
        close(c);
    }
}
"""


def c_string(text):
    return text.replace("\\", "\\\\").replace('"', '\\"')


def generate(port, service):
    body = '{"status":"ok","service":"%s"}' % service
    head = "".join(f"#include <{h}>\n" for h in INCLUDES)
    return head + MAIN_TMPL % {"port": port, "body": c_string(body), "body_len": len(body)}


def compile_source(src, out, cc):
    cmd = [cc, "-O2", "-Wall", "-o", str(out), str(src)]
    log.info("compiling: %s", " ".join(cmd))
    subprocess.run(cmd, check=True)


def grant_bind_capability(binary):
    cmd = ["sudo", "setcap", "cap_net_bind_service=+ep", str(binary.resolve())]
    log.info("granting capability: %s", " ".join(cmd))
    subprocess.run(cmd, check=True)
    shown = subprocess.run(["getcap", str(binary)], capture_output=True, text=True)
    log.info("now: %s", shown.stdout.strip() or "(no caps?)")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--service", default="checkout-api")
    ap.add_argument("--build-dir", type=Path, default=Path("build"))
    ap.add_argument("--skip-setcap", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        log.error("no C compiler found")
        return 1
    args.build_dir.mkdir(parents=True, exist_ok=True)
    src = args.build_dir / "healthcheck.c"
    binary = args.build_dir / "healthcheck"
    src.write_text(generate(args.port, args.service))

    try:
        compile_source(src, binary, cc)
        if args.port < 1024 and not args.skip_setcap:
            grant_bind_capability(binary)
    except subprocess.CalledProcessError as exc:
        log.error("step failed: %s", exc)
        return 2
    log.info("ready: %s (port %d)", binary, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
