#!/usr/bin/env bash
# Turn the SEO team's redirect spreadsheet (CSV: old_path,new_path,code)
# into an nginx map include, validate it and roll it out on this web node.
set -Eeuo pipefail

CSV="${1:-redirects.csv}"
SITE="${SITE:-www.example.com}"
STAGE="./redirects.$SITE.conf"
NGINX_CONF_DIR="/etc/nginx/conf.d"
TARGET="$NGINX_CONF_DIR/seo-redirects-$SITE.conf"
PRIV="${PRIV:-doas}"

log() { echo "$(date '+%F %T') $*"; }
fail() { log "FAIL: $*"; exit 1; }

[[ -r "$CSV" ]] || fail "cannot read $CSV"
command -v "$PRIV" >/dev/null || PRIV=sudo

validate_row() {
    local old="$1" new="$2" code="$3"
    [[ "$old" == /* ]] || return 1
    [[ "$new" == /* || "$new" == https://* ]] || return 1
    [[ "$code" == 301 || "$code" == 302 || "$code" == 308 ]] || return 1
}

build_map() {
    local rows=0 skipped=0
    {
        echo "# generated $(date -u +%FT%TZ) from $CSV - do not edit"
        echo "map \$request_uri \$seo_redirect_target {"
        echo "    default \"\";"
        while IFS=, read -r old new code; do
            [[ "$old" == old_path ]] && continue
            code="${code//[$'\r ']/}"
            if validate_row "$old" "$new" "$code"; then
                printf '    %s %s;\n' "$old" "$new"
                rows=$((rows + 1))
            else
                skipped=$((skipped + 1))
                echo "    # skipped: $old,$new,$code"
            fi
        done < "$CSV"
        echo "}"
    } > "$STAGE"
    log "staged $rows redirects ($skipped skipped) in $STAGE"
}

install_map() {
    if [[ -f "$TARGET" ]] && cmp -s "$STAGE" "$TARGET"; then
        log "no change for $SITE"
        return 1
    fi
    "$PRIV" install -m 0644 -o root -g root "$STAGE" "$TARGET"
    log "installed $TARGET"
}

reload_nginx() {
    if ! "$PRIV" nginx -t 2>&1 | tail -n 2; then
        "$PRIV" rm -f "$TARGET"
        fail "nginx rejected the config; removed $TARGET"
    fi
    "$PRIV" systemctl reload nginx
    log "nginx reloaded"
}

build_map
if install_map; then
    reload_nginx
    curl -s -o /dev/null -w "homepage: %{http_code}\n" --max-time 10 "https://$SITE/"
fi
