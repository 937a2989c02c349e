#!/bin/sh
# setup-icmp-prober.sh -- build the in-house ICMP latency prober and let it
# open raw sockets without running the whole prober as root.
#
# The prober (./cmd/icmp-prober) sends echo requests to the hosts listed in
# ./targets.txt and writes RTT histograms to ./results.  Raw ICMP sockets
# need CAP_NET_RAW, so the built binary gets that single file capability.

set -eu

BIN_DIR="./bin"
PROBER="${BIN_DIR}/icmp-prober"
TARGETS="./targets.txt"
RESULTS="./results"
COUNT="${COUNT:-20}"
REBUILD=0

log() { printf '[prober-setup] %s\n' "$*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --rebuild) REBUILD=1 ;;
        --count) shift; COUNT="$1" ;;
        --targets) shift; TARGETS="$1" ;;
        -h|--help)
            echo "usage: $0 [--rebuild] [--count N] [--targets FILE]"
            exit 0 ;;
        *) log "unknown argument: $1"; exit 64 ;;
    esac
    shift
done

command -v go >/dev/null 2>&1 || { log "go toolchain not found"; exit 1; }
command -v setcap >/dev/null 2>&1 || { log "setcap missing (install libcap2-bin)"; exit 1; }

build() {
    mkdir -p "$BIN_DIR"
    log "building ${PROBER}"
    CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$PROBER" ./cmd/icmp-prober
}

has_cap() {
    getcap "$PROBER" 2>/dev/null | grep -q 'cap_net_raw'
}

grant_cap() {
    if [ "$(id -u)" -eq 0 ]; then
        setcap cap_net_raw=+ep "$PROBER"
    else
        log "granting cap_net_raw to ${PROBER} (sudo)"
        sudo setcap cap_net_raw=+ep "$PROBER"
    fi
}

if [ "$REBUILD" -eq 1 ] || [ ! -x "$PROBER" ]; then
    build
fi

# a rebuilt binary loses its file capabilities, so always re-check
if ! has_cap; then
    grant_cap
    has_cap || { log "capability not applied (nosuid mount?)"; exit 1; }
fi
log "$(getcap "$PROBER")"

[ -f "$TARGETS" ] || { log "no targets file at ${TARGETS}"; exit 1; }
mkdir -p "$RESULTS"
stamp=$(date +%Y%m%dT%H%M%S)
summary="${RESULTS}/summary-${stamp}.tsv"
printf 'target\tsent\treceived\tp50_ms\tp99_ms\n' > "$summary"

ok=0
fail=0
while IFS= read -r target; do
    case "$target" in
        ''|\#*) continue ;;
    esac
    out="${RESULTS}/${target}-${stamp}.json"
    if "$PROBER" -count "$COUNT" -interval 200ms -json "$target" > "$out" 2>/dev/null; then
        # the prober prints one JSON object; pull a few fields for the TSV
        sent=$(sed -n 's/.*"sent": *\([0-9]*\).*/\1/p' "$out")
        recv=$(sed -n 's/.*"received": *\([0-9]*\).*/\1/p' "$out")
        p50=$(sed -n 's/.*"p50_ms": *\([0-9.]*\).*/\1/p' "$out")
        p99=$(sed -n 's/.*"p99_ms": *\([0-9.]*\).*/\1/p' "$out")
        printf '%s\t%s\t%s\t%s\t%s\n' "$target" "${sent:-?}" "${recv:-?}" "${p50:-?}" "${p99:-?}" >> "$summary"
        ok=$((ok + 1))
    else
        printf '%s\t%s\t0\t-\t-\n' "$target" "$COUNT" >> "$summary"
        fail=$((fail + 1))
    fi
done < "$TARGETS"

log "probed $((ok + fail)) target(s): ${ok} ok, ${fail} unreachable"
log "summary: ${summary}"
