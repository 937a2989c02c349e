#!/usr/bin/env bash
# festival_office_webhook.sh
#
# Runs the small receiver for the booking site's webhooks.  Each time
# someone books, cancels or joins a waiting list for a festival workshop,
# the booking site POSTs a JSON event here; the receiver checks the shared
# signature and appends the event to ./webhook-events.jsonl, which the
# nightly workshop sync then imports.  On the festival office server the
# port also has to be opened in the host firewall, which start does too.
#
# Usage: festival_office_webhook.sh [start|stop|status] [-p port]
# Env:   BOOKING_WEBHOOK_SECRET (required)

set -euo pipefail

ACTION="${1:-start}"
shift || true
PORT="${WEBHOOK_PORT:-8088}"
BIND="0.0.0.0"
EVENTS="./webhook-events.jsonl"
PIDFILE="./.webhook-listener.pid"
LOG="/tmp/booking-webhook.log"

while getopts "p:" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        *) echo "usage: $0 [start|stop|status] [-p port]" >&2; exit 2 ;;
    esac
done

open_port() {
    local rule=(INPUT -p tcp --dport "$PORT" -m comment --comment booking-webhook -j ACCEPT)
    if sudo iptables -C "${rule[@]}" 2>/dev/null; then
        return 0
    fi
    echo "opening tcp/$PORT in the host firewall"
    sudo iptables -I "${rule[@]}"
}

close_port() {
    sudo iptables -D INPUT -p tcp --dport "$PORT" -m comment --comment booking-webhook \
        -j ACCEPT 2>/dev/null || true
}

running() {
    [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start_listener() {
    if running; then
        echo "listener already running (pid $(cat "$PIDFILE"))"
        return 0
    fi
    : "${BOOKING_WEBHOOK_SECRET:?set BOOKING_WEBHOOK_SECRET first}"
    export BOOKING_WEBHOOK_SECRET EVENTS BIND PORT
    open_port
    nohup python3 - >>"$LOG" 2>&1 <<'PY' &
import hashlib, hmac, json, os, sys, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SECRET = os.environ["BOOKING_WEBHOOK_SECRET"].encode()
EVENTS = os.environ["EVENTS"]

class Hook(BaseHTTPRequestHandler):
    def do_POST(self):
        if self.path != "/hooks/booking":
            self.send_error(404)
            return
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(min(length, 1 << 20))
        sig = self.headers.get("X-Booking-Signature", "")
        good = hmac.new(SECRET, body, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(sig, good):
            self.send_error(401, "bad signature")
            return
        try:
            event = json.loads(body)
        except ValueError:
            self.send_error(400, "not json")
            return
        event["_received"] = time.time()
        with open(EVENTS, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(event) + "\n")
        self.send_response(204)
        self.end_headers()

    def log_message(self, fmt, *args):
        sys.stderr.write("%s %s\n" % (self.address_string(), fmt % args))

ThreadingHTTPServer((os.environ["BIND"], int(os.environ["PORT"])), Hook).serve_forever()
PY
    echo $! > "$PIDFILE"
    sleep 1
    if running; then
        echo "listening on ${BIND}:${PORT} (log: $LOG)"
    else
        echo "listener failed to start; see $LOG" >&2
        rm -f "$PIDFILE"
        exit 1
    fi
}

stop_listener() {
    if running; then
        kill "$(cat "$PIDFILE")"
        echo "stopped"
        close_port
    else
        echo "not running"
    fi
    rm -f "$PIDFILE"
}

status_listener() {
    if running; then
        echo "running (pid $(cat "$PIDFILE")), $(wc -l < "$EVENTS" 2>/dev/null || echo 0) events recorded"
    else
        echo "not running"
    fi
}

case "$ACTION" in
    start)  start_listener ;;
    stop)   stop_listener ;;
    status) status_listener ;;
    *) echo "unknown action $ACTION" >&2; exit 2 ;;
esac
