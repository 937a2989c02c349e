#!/usr/bin/env bash
# Label printer driver auto-update for prescription fill stations.
# Pulls the latest installer from the vendor update host and runs it.
#
# Usage: prog215e_label_driver_autoupdate.sh [-c channel] [-s store] [-n]
set -euo pipefail

UPDATE_HOST="${LABELDRV_UPDATE_HOST:-updates.example.com}"
CHANNEL="stable"
STORE_ID="${RX_STORE_ID:-0000}"
DRY_RUN=0
LOG_FILE="${LABELDRV_LOG:-./labeldrv_update.log}"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    echo "usage: $0 [-c stable|beta] [-s store_id] [-n]" >&2
    exit 2
}

while getopts ":c:s:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        s) STORE_ID="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) log ERROR "unknown channel $CHANNEL"; exit 2 ;;
esac

current_version() {
    if [[ -f ./labeldrv.version ]]; then
        cat ./labeldrv.version
    else
        echo "0.0.0"
    fi
}

# Fetch the installer with python so we get proper redirects and a
# single place to set the user agent; it prints the path it saved to.
fetch_installer() {
    LABELDRV_URL="https://${UPDATE_HOST}/labeldrv/${CHANNEL}/install.sh" \
    LABELDRV_STORE="$STORE_ID" \
    LABELDRV_CURRENT="$(current_version)" \
    python3 - <<'PY'
import os, sys, tempfile, urllib.request

url = os.environ["LABELDRV_URL"]
req = urllib.request.Request(url, headers={
    "User-Agent": "labeldrv-updater/1.4",
    "X-Store": os.environ.get("LABELDRV_STORE", ""),
    "X-Current-Version": os.environ.get("LABELDRV_CURRENT", ""),
})
try:
    with urllib.request.urlopen(req, timeout=30) as resp:
        data = resp.read()
except Exception as exc:
    sys.stderr.write(f"download failed: {exc}\n")
    sys.exit(1)
fd, path = tempfile.mkstemp(prefix="labeldrv_", suffix=".sh")
with os.fdopen(fd, "wb") as fh:
    fh.write(data)
print(path)
PY
}

log INFO "store=$STORE_ID channel=$CHANNEL current=$(current_version)"

attempt=0
installer=""
while (( attempt < 3 )); do
    attempt=$((attempt + 1))
    if installer="$(fetch_installer)"; then
        break
    fi
    log WARN "fetch attempt $attempt failed, retrying"
    sleep $((attempt * 5))
done

if [[ -z "$installer" || ! -s "$installer" ]]; then
    log ERROR "no installer downloaded"
    exit 1
fi

log INFO "installer saved to $installer ($(wc -c <"$installer") bytes)"

if (( DRY_RUN )); then
    log INFO "dry run: not executing installer"
    rm -f "$installer"
    exit 0
fi

chmod 700 "$installer"
log INFO "running installer"
if bash "$installer" --store "$STORE_ID"; then
    log INFO "installer finished"
else
    log ERROR "installer exited with $?"
fi
rm -f "$installer"
