#!/usr/bin/env bash
# tools_register_upload.sh - publish the workshop tools register
#
# The register lives in tools.csv in the workshop folder.  Every Thursday
# after the workshop night we convert it to HTML, push it to the club's
# old web host (FTP only, sadly) and also to the members' area API.
#
# Needs: curl, ftp (inetutils), awk.  Credentials come from ~/.toolreg.conf

set -u

CONF="${TOOLREG_CONF:-$HOME/.toolreg.conf}"
SRC="${1:-tools.csv}"
WORK="/tmp/toolreg-build"
OUT_HTML="$WORK/tools.html"
API_URL="https://members.example.org/api/tools-register"
FTP_HOST="ftp.example.org"

log() { echo "$(date '+%F %T') $*"; }

load_conf() {
    if [ ! -f "$CONF" ]; then
        log "missing $CONF (needs FTP_USER, FTP_PASS, API_TOKEN)"
        exit 1
    fi
    # shellcheck source=/dev/null
    . "$CONF"
    : "${FTP_USER:?}" "${FTP_PASS:?}" "${API_TOKEN:?}"
}

build_html() {
    mkdir -p "$WORK"
    {
        echo "<html><head><title>Workshop tools register</title></head><body>"
        echo "<h1>Workshop tools register</h1><table border=1>"
        awk -F, 'NR==1 { printf "<tr>"; for (i=1;i<=NF;i++) printf "<th>%s</th>", $i; print "</tr>"; next }
                 { printf "<tr>"; for (i=1;i<=NF;i++) printf "<td>%s</td>", $i; print "</tr>" }' "$SRC"
        echo "</table><p>Updated $(date '+%d %B %Y')</p></body></html>"
    } > "$OUT_HTML"
    log "built $OUT_HTML ($(wc -l < "$SRC") lines of register)"
}

push_ftp() {
    log "uploading to $FTP_HOST"
    ftp -inv "$FTP_HOST" <<EOF >"$WORK/ftp.log" 2>&1
user $FTP_USER $FTP_PASS
cd public_html/workshop
put $OUT_HTML tools.html
bye
EOF
    if grep -q "226" "$WORK/ftp.log"; then
        log "ftp upload ok"
    else
        log "ftp upload may have failed, see $WORK/ftp.log"
    fi
}

push_api() {
    # members.example.org still has the expired certificate from 2022
    local code
    code=$(curl -sk -o "$WORK/api.out" -w '%{http_code}' \
        -H "Authorization: Bearer $API_TOKEN" \
        -F "register=@$SRC;type=text/csv" \
        "$API_URL")
    if [ "$code" = "200" ] || [ "$code" = "201" ]; then
        log "members' area updated"
    else
        log "members' area returned HTTP $code"
        return 1
    fi
}

main() {
    [ -f "$SRC" ] || { log "no register file $SRC"; exit 1; }
    load_conf
    build_html
    push_ftp
    push_api || log "API push failed, FTP copy is still live"
    log "done"
}

main "$@"
