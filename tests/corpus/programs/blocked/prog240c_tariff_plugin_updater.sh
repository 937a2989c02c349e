#!/usr/bin/env bash
# tariff_plugin_updater.sh - keep the billing engine's tariff plugin current.
#
# The billing vendor publishes tariff-calculation plugins per channel.  This
# script reads the channel manifest, downloads the newest plugin and runs its
# self-registration step so the next billing run picks it up.
set -euo pipefail

PLUGIN_BASE="${TARIFF_PLUGIN_BASE:-https://plugins.example.com/tariff}"
CHANNEL="stable"
WORKDIR="${TARIFF_WORKDIR:-./tariff-plugins}"
LOGFILE=""
KEEP=3

log() {
    local level="$1"; shift
    local line
    line="$(date '+%Y-%m-%dT%H:%M:%S') [$level] $*"
    echo "$line" >&2
    [[ -n "$LOGFILE" ]] && echo "$line" >> "$LOGFILE"
    return 0
}

die() { log ERROR "$*"; exit 1; }

usage() {
    cat <<EOF
usage: $0 [-c channel] [-w workdir] [-k keep]
  -c  plugin channel (stable, beta)      default: $CHANNEL
  -w  working directory for plugins       default: $WORKDIR
  -k  number of old plugin versions kept  default: $KEEP
EOF
}

while getopts ":c:w:k:h" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        w) WORKDIR="$OPTARG" ;;
        k) KEEP="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) die "unknown channel: $CHANNEL" ;;
esac

mkdir -p "$WORKDIR"
LOGFILE="$WORKDIR/updater.log"

fetch_manifest() {
    local out="$WORKDIR/manifest-$CHANNEL.json"
    log INFO "fetching manifest for channel $CHANNEL"
    curl -fsS --max-time 20 "$PLUGIN_BASE/$CHANNEL/manifest.json" -o "$out" \
        || die "manifest download failed"
    echo "$out"
}

manifest_field() {
    MANIFEST="$1" FIELD="$2" python3 -c '
import json, os, sys
with open(os.environ["MANIFEST"]) as fh:
    data = json.load(fh)
value = data.get(os.environ["FIELD"])
if value is None:
    sys.exit(1)
print(value)
'
}

prune_old() {
    local count=0
    for f in $(ls -1t "$WORKDIR"/plugin-*.py 2>/dev/null); do
        count=$((count + 1))
        if (( count > KEEP )); then
            log INFO "removing old plugin $f"
            rm -f -- "$f"
        fi
    done
}

manifest="$(fetch_manifest)"
version="$(manifest_field "$manifest" version)" || die "manifest has no version"
entry="$(manifest_field "$manifest" entry || echo plugin.py)"
log INFO "latest $CHANNEL plugin is $version ($entry)"

plugin="$WORKDIR/plugin-$version.py"
if [[ ! -s "$plugin" ]]; then
    curl -fsSL --max-time 60 "$PLUGIN_BASE/$CHANNEL/$version/$entry" -o "$plugin" \
        || die "plugin download failed"
    log INFO "downloaded $plugin ($(wc -c < "$plugin") bytes)"
fi

# run the plugin's registration step; it expects its home in the environment
export PLUGIN_HOME="$WORKDIR" PLUGIN_VERSION="$version"
if python3 - --register --channel "$CHANNEL" < "$plugin"; then
    log INFO "plugin $version registered"
else
    die "plugin $version failed to register"
fi

prune_old
log INFO "done"
