#!/bin/sh
# Produce a collection-host attestation for a forensic collection:
# host OS and CPU facts, a timestamp from the firm's time service, and
# SHA-256 digests for every file under ./collected.  The attestation is
# written to ./attestations and readable only by the examiner.
set -eu

COLLECT_DIR="${COLLECT_DIR:-./collected}"
OUT_DIR="./attestations"
TIME_URL="${TIME_URL:-https://time.example-firm.com/now}"
EXAMINER="${EXAMINER:-$(id -un)}"
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"
OUT="$OUT_DIR/attestation-$STAMP.txt"
SCRATCH="$OUT_DIR/.partial-$STAMP"

cleanup() {
    rm -f "$SCRATCH"
}
trap cleanup EXIT INT TERM

section() {
    printf '\n== %s ==\n' "$1" >> "$SCRATCH"
}

host_facts() {
    section "host"
    if [ -r /etc/os-release ]; then
        pretty="$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release)"
        printf 'os: %s\n' "${pretty:-unknown}" >> "$SCRATCH"
    fi
    printf 'kernel: %s\n' "$(uname -sr)" >> "$SCRATCH"
    model="$(grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//')"
    cores="$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 0)"
    printf 'cpu: %s (%s logical)\n' "${model:-unknown}" "$cores" >> "$SCRATCH"
}

trusted_time() {
    section "time"
    remote="$(curl -fsS --max-time 10 "$TIME_URL" 2>/dev/null || true)"
    printf 'local_utc: %s\n' "$(date -u +%FT%TZ)" >> "$SCRATCH"
    printf 'time_service: %s\n' "${remote:-unavailable}" >> "$SCRATCH"
}

digests() {
    section "digests"
    find "$COLLECT_DIR" -type f ! -name '.*' | sort | while IFS= read -r f; do
        sha256sum "$f"
    done >> "$SCRATCH"
    total="$(find "$COLLECT_DIR" -type f ! -name '.*' | wc -l)"
    printf 'file_count: %s\n' "$total" >> "$SCRATCH"
}

main() {
    if [ ! -d "$COLLECT_DIR" ]; then
        echo "nothing to attest: $COLLECT_DIR missing" >&2
        exit 1
    fi
    mkdir -p "$OUT_DIR"
    : > "$SCRATCH"
    printf 'examiner: %s\ncreated: %s\n' "$EXAMINER" "$STAMP" >> "$SCRATCH"
    host_facts
    trusted_time
    digests
    mv "$SCRATCH" "$OUT"
    chmod 600 "$OUT"
    sha256sum "$OUT" > "$OUT.sha256"
    echo "attestation written to $OUT"
}

main "$@"
