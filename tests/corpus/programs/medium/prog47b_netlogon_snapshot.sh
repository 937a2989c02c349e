#!/bin/sh
# Take a dated snapshot of the NETLOGON / SYSVOL scripts share so changes to
# logon scripts can be diffed in git. Uses the caller's Kerberos ticket.
#
#   ./netlogon_snapshot.sh [server] [share]
set -eu

SERVER="${1:-dc01.corp.example}"
SHARE="${2:-NETLOGON}"
STAGE="/tmp/netlogon_stage"
ARCHIVE_DIR="./snapshots"
STAMP="$(date +%Y%m%d-%H%M%S)"

log() {
    echo "$(date '+%F %T') netlogon-snapshot: $*" >&2
}

need() {
    for bin in "$@"; do
        command -v "$bin" >/dev/null 2>&1 || { log "missing $bin"; exit 2; }
    done
}

need smbclient klist tar sha256sum

if ! klist -s; then
    log "no valid Kerberos ticket; run kinit first"
    exit 1
fi

# Well-known staging directory so the helpdesk can inspect the last pull.
rm -rf "$STAGE"
mkdir -p "$STAGE" "$ARCHIVE_DIR"

log "mirroring //$SERVER/$SHARE into $STAGE"
if ! smbclient "//$SERVER/$SHARE" --use-kerberos=required \
        -c "prompt OFF; recurse ON; lcd $STAGE; mget *" >"$STAGE/.smbclient.log" 2>&1
then
    log "smbclient failed:"
    tail -n 5 "$STAGE/.smbclient.log" >&2
    exit 1
fi

count=0
for f in $(find "$STAGE" -type f ! -name '.smbclient.log' ! -name '.manifest'); do
    count=$((count + 1))
    case "$f" in
        *.bat|*.cmd|*.ps1|*.vbs|*.sh) kind=script ;;
        *)                             kind=other ;;
    esac
    printf '%s\t%s\n' "$kind" "$(sha256sum "$f")"
done > "$STAGE/.manifest"

archive="$ARCHIVE_DIR/${SHARE}-${STAMP}.tar.gz"
tar -C "$STAGE" -czf "$archive" .
log "archived $count files to $archive"

latest="$(ls -1t "$ARCHIVE_DIR"/"${SHARE}"-*.tar.gz 2>/dev/null | sed -n 2p || true)"
if [ -n "$latest" ]; then
    tar -xzOf "$latest" ./.manifest 2>/dev/null | cut -f2 > "$STAGE/.previous" || true
    if cut -f2 "$STAGE/.manifest" | diff -q "$STAGE/.previous" - >/dev/null 2>&1; then
        log "no change since $(basename "$latest")"
    else
        log "scripts changed since $(basename "$latest")"
    fi
fi
