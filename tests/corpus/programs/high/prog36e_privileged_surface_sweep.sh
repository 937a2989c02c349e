#!/usr/bin/env bash
# Full attack-surface sweep of the range: SYN scan, OS fingerprinting and
# service versions. Raw-socket scans need privileges; instead of running the
# whole sweep as root, the scanner binary gets the raw-socket capabilities
# once, then runs as the current user.
set -uo pipefail

TARGETS_FILE="${TARGETS_FILE:-targets.txt}"
OUT_DIR="${OUT_DIR:-./sweeps}"
TOP_PORTS="${TOP_PORTS:-1000}"
RATE="${RATE:-500}"
NMAP_BIN="$(command -v nmap || true)"

log()  { printf '%(%H:%M:%S)T [sweep] %s\n' -1 "$*"; }
die()  { log "ERROR: $*"; exit 1; }

[[ -n "$NMAP_BIN" ]] || die "nmap not installed"
[[ -s "$TARGETS_FILE" ]] || die "no targets in $TARGETS_FILE"
NMAP_BIN="$(readlink -f "$NMAP_BIN")"

ensure_caps() {
    local have
    have="$(getcap "$NMAP_BIN" 2>/dev/null || true)"
    if [[ "$have" == *cap_net_raw* && "$have" == *cap_net_admin* ]]; then
        log "capabilities already set on $NMAP_BIN"
        return
    fi
    log "granting cap_net_raw,cap_net_admin,cap_net_bind_service to $NMAP_BIN (sudo)"
    sudo setcap cap_net_raw,cap_net_admin,cap_net_bind_service+eip "$NMAP_BIN" \
        || die "setcap failed"
}

sweep() {
    local stamp base
    stamp="$(date -u +%Y%m%dT%H%M%SZ)"
    base="$OUT_DIR/sweep-$stamp"
    mkdir -p "$OUT_DIR"
    log "SYN scan + OS detection, top $TOP_PORTS ports, rate $RATE"
    "$NMAP_BIN" --privileged -sS -sV -O --osscan-limit \
        --top-ports "$TOP_PORTS" --min-rate "$RATE" -Pn \
        -iL "$TARGETS_FILE" -oA "$base" >/dev/null \
        || die "scan failed"
    echo "$base"
}

summarise() {
    local gnmap="$1.gnmap"
    [[ -f "$gnmap" ]] || die "missing $gnmap"
    log "hosts with open ports:"
    awk -F'\t' '/Ports:/ {
        split($1, h, " "); n = split($2, p, ", ");
        open = 0; for (i = 1; i <= n; i++) if (p[i] ~ /\/open\//) open++;
        printf "  %-16s %3d open\n", h[2], open
    }' "$gnmap" | sort -k2 -nr
    log "OS guesses:"
    grep -h "OS:" "$gnmap" | sed 's/^/  /' | head -n 40 || true
}

diff_previous() {
    local current="$1" prev
    prev="$(ls -1 "$OUT_DIR"/sweep-*.gnmap 2>/dev/null | grep -v "$current" | tail -n 1 || true)"
    [[ -n "$prev" ]] || { log "no previous sweep to diff"; return; }
    log "changes since $(basename "$prev"):"
    diff <(grep -o 'Host: [0-9.]*.*Ports:.*' "$prev" | sort) \
         <(grep -o 'Host: [0-9.]*.*Ports:.*' "$current.gnmap" | sort) \
        | grep '^[<>]' | sed 's/^/  /' || log "  none"
}

revoke_caps() {
    log "removing capabilities from $NMAP_BIN"
    sudo setcap -r "$NMAP_BIN" || true
}

KEEP_CAPS=0
[[ "${1:-}" == "--keep-caps" ]] && KEEP_CAPS=1

ensure_caps
base="$(sweep)"
summarise "$base"
diff_previous "$base"
(( KEEP_CAPS )) || revoke_caps
log "results: $base.{nmap,gnmap,xml}"
