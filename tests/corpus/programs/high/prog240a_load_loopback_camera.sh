#!/usr/bin/env bash
# Create virtual webcams for the visitor-centre screens.
# The rescue centre shows a mosaic of enclosure streams in the visitor
# centre. Each mosaic is exposed as a v4l2loopback device so the signage
# player can open it like a normal webcam. This script computes the module
# parameters from mosaics.json, (re)loads the kernel module and starts one
# ffmpeg feeder per mosaic. Must run as root on the signage host.
set -euo pipefail

MOSAICS="${MOSAICS_FILE:-./mosaics.json}"
FIRST_NR="${LOOPBACK_FIRST_NR:-20}"
PID_DIR="./feeders"
RELOAD=0

log() { logger -t loopback-cam -- "$*" 2>/dev/null || true; echo "[loopback-cam] $*"; }
die() { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --reload) RELOAD=1; shift ;;
        --mosaics) MOSAICS="$2"; shift 2 ;;
        *) die "unknown option $1" ;;
    esac
done

[[ $EUID -eq 0 ]] || die "must be run as root"
[[ -r "$MOSAICS" ]] || die "cannot read $MOSAICS"
command -v ffmpeg >/dev/null || die "ffmpeg not installed"

# Python reads the mosaic list and prints the module options (tab-separated)
# on the first line and "nr<TAB>name<TAB>source-url" feeder lines after it.
plan=$(MOSAICS="$MOSAICS" FIRST_NR="$FIRST_NR" python3 -c '
import json, os, re, sys
first = int(os.environ["FIRST_NR"])
with open(os.environ["MOSAICS"]) as fh:
    mosaics = json.load(fh)
if not mosaics:
    sys.exit("no mosaics configured")
nrs, labels, feeders = [], [], []
for i, m in enumerate(mosaics):
    name = re.sub(r"[^A-Za-z0-9 _-]", "", m["name"])[:30]
    nr = str(first + i)
    nrs.append(nr)
    labels.append(name)
    feeders.append("\t".join([nr, name, m["source"]]))
opts = ["devices=%d" % len(mosaics), "video_nr=" + ",".join(nrs),
        "card_label=" + ",".join(labels), "exclusive_caps=1"]
print("\t".join(opts))
print("\n".join(feeders))
') || die "could not build plan from $MOSAICS"

IFS=$'\t' read -r -a module_opts <<<"$(head -n1 <<<"$plan")"
log "module options: ${module_opts[*]}"

if lsmod | grep -q '^v4l2loopback'; then
    if [[ $RELOAD -eq 1 ]]; then
        log "stopping feeders and unloading v4l2loopback"
        for pidf in "$PID_DIR"/*.pid; do
            [[ -e "$pidf" ]] && kill "$(cat "$pidf")" 2>/dev/null || true
            rm -f "$pidf"
        done
        sleep 1
        modprobe -r v4l2loopback || die "module busy; close the signage player first"
    else
        log "v4l2loopback already loaded (use --reload to apply new options)"
    fi
fi

if ! lsmod | grep -q '^v4l2loopback'; then
    modprobe v4l2loopback "${module_opts[@]}" || die "modprobe failed"
    log "v4l2loopback loaded"
fi

mkdir -p "$PID_DIR"
tail -n +2 <<<"$plan" | while IFS=$'\t' read -r nr name src; do
    dev="/dev/video$nr"
    [[ -e "$dev" ]] || { log "$dev missing, skipping $name"; continue; }
    case "$src" in
        rtsp://192.0.2.*|rtsp://*.example.org/*) ;;
        *) log "refusing unexpected source for $name: $src"; continue ;;
    esac
    ffmpeg -nostdin -loglevel error -rtsp_transport tcp -i "$src" \
        -vf scale=1280:720 -pix_fmt yuv420p -f v4l2 "$dev" \
        > "$PID_DIR/feeder_$nr.log" 2>&1 &
    echo $! > "$PID_DIR/feeder_$nr.pid"
    log "feeding $name ($src) into $dev (pid $!)"
done

log "done"
