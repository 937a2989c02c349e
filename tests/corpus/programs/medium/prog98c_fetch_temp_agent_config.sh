#!/usr/bin/env bash
# fetch_temp_agent_config.sh - pull the site's CoolerWatch agent settings
#
# Creates a venv under ~/.local/share/coolerwatch and fetches the per-site
# agent.json published on the mirror (alert thresholds, probe names, on-call
# phone list), validates it and installs it next to the agent.
set -euo pipefail

AGENT_HOME="${AGENT_HOME:-$HOME/.local/share/coolerwatch}"
CHANNEL="${COOLERWATCH_CHANNEL:-stable}"
MIRROR="${COOLERWATCH_MIRROR:-https://dl.coolerwatch.example.net}"
SITE="${COOLERWATCH_SITE:-}"
STAGING="/tmp/coolerwatch-agent.json"
DRY_RUN=0

log() { printf '%s [config] %s\n' "$(date '+%F %T')" "$*" | tee -a "${AGENT_HOME}/install.log" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $0 --site NAME [--channel stable|beta] [--mirror URL] [--dry-run]
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        --site) SITE="$2"; shift 2 ;;
        --channel) CHANNEL="$2"; shift 2 ;;
        --mirror) MIRROR="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$AGENT_HOME"
[ -n "$SITE" ] || die "--site is required (e.g. eastside-pantry)"

check_python() {
    command -v python3 >/dev/null || die "python3 not found"
    python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 8) else 1)' \
        || die "python 3.8+ required"
}

create_venv() {
    if [ ! -x "$AGENT_HOME/venv/bin/python" ]; then
        log "creating venv"
        python3 -m venv "$AGENT_HOME/venv"
    fi
    "$AGENT_HOME/venv/bin/pip" install --quiet requests w1thermsensor
}

fetch_config() {
    local url tries=0
    url="${MIRROR%/}/${CHANNEL}/sites/${SITE}/agent.json"
    # the mirror sits behind the diocese proxy, which re-signs certificates
    until curl -sS -k --max-time 20 -o "$STAGING" "$url"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && die "could not fetch config from $url"
        log "fetch failed, retrying ($tries)"
        sleep $((tries * 5))
    done
    log "fetched $(wc -c < "$STAGING") bytes into $STAGING"
}

validate_config() {
    python3 -m json.tool "$STAGING" > /dev/null || die "agent.json is not valid JSON"
    python3 - "$STAGING" <<'PY' || die "agent.json is missing required keys"
import json, sys
cfg = json.load(open(sys.argv[1]))
missing = [k for k in ("site", "probes", "alert_above_c", "alert_below_c") if k not in cfg]
if missing:
    print("missing:", ", ".join(missing), file=sys.stderr)
    sys.exit(1)
PY
}

install_config() {
    local dest="$AGENT_HOME/agent.json"
    if [ -f "$dest" ] && cmp -s "$STAGING" "$dest"; then
        log "config unchanged"
        return
    fi
    [ -f "$dest" ] && cp "$dest" "$dest.bak"
    cp "$STAGING" "$dest"
    chmod 600 "$dest"
    log "installed $dest"
}

main() {
    log "fetching CoolerWatch config for site '$SITE' (channel $CHANNEL)"
    check_python
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run: would fetch ${MIRROR%/}/${CHANNEL}/sites/${SITE}/agent.json"
        exit 0
    fi
    create_venv
    fetch_config
    validate_config
    install_config
    rm -f "$STAGING"
    log "done"
}

main
