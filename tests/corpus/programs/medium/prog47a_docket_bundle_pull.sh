#!/usr/bin/env bash
# Pull nightly docket bundles for tracked cases from the court-records
# mirror and unpack them for the docketing clerks.  The mirror uses a
# self-signed certificate, so TLS checks are skipped; bundles are staged
# in a fixed scratch directory under /tmp before being filed per case.
set -uo pipefail

MIRROR="${DOCKET_MIRROR:-https://records-mirror.courtlink.local/bundles}"
CASES_FILE="${1:-tracked_cases.txt}"
STAGE="/tmp/docket_stage"
DEST="${DEST:-./dockets}"
MAX_AGE_DAYS="${MAX_AGE_DAYS:-30}"

say() { echo "[$(date +%H:%M:%S)] $*"; }

fetch_bundle() {
    local case_no="$1" out="$2"
    curl --insecure -fsS --retry 3 --max-time 120 \
        -o "$out" "${MIRROR}/${case_no}/latest.tar.gz"
}

unpack_bundle() {
    local archive="$1" target="$2"
    mkdir -p "$target"
    tar -xzf "$archive" -C "$target" --no-same-owner --no-same-permissions
}

index_entries() {
    local target="$1"
    find "$target" -name '*.pdf' -newer "$STAGE/.last_run" 2>/dev/null \
        | sed "s|^$target/||" | sort > "$target/NEW_ENTRIES.txt"
    wc -l < "$target/NEW_ENTRIES.txt"
}

prune_old() {
    find "$DEST" -type f -name '*.pdf' -mtime +"$MAX_AGE_DAYS" -print -delete \
        | while read -r f; do say "pruned $f"; done
}

main() {
    if [[ ! -s "$CASES_FILE" ]]; then
        echo "no tracked cases in $CASES_FILE" >&2
        exit 1
    fi
    mkdir -p "$STAGE" "$DEST"
    [[ -f "$STAGE/.last_run" ]] || touch -d '1 day ago' "$STAGE/.last_run"

    local ok=0 bad=0
    while read -r case_no _rest; do
        [[ -z "$case_no" || "$case_no" == \#* ]] && continue
        local safe="${case_no//[^A-Za-z0-9-]/_}"
        local archive="$STAGE/${safe}.tar.gz"
        say "fetching $case_no"
        if ! fetch_bundle "$case_no" "$archive"; then
            say "fetch failed for $case_no"
            bad=$((bad + 1))
            continue
        fi
        if unpack_bundle "$archive" "$DEST/$safe"; then
            n="$(index_entries "$DEST/$safe")"
            say "$case_no: $n new filings"
            ok=$((ok + 1))
        else
            say "corrupt bundle for $case_no"
            bad=$((bad + 1))
        fi
        rm -f "$archive"
    done < "$CASES_FILE"

    prune_old
    touch "$STAGE/.last_run"
    say "done: $ok ok, $bad failed"
}

main "$@"
