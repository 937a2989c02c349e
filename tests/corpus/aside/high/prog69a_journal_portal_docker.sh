#!/usr/bin/env bash
# journal_portal_docker.sh -- local Open Journal Systems stack for the student journal.
#
#   journal_portal_docker.sh up|down|status|logs [-v OJS_VERSION] [-p PORT]
#
# Brings up MariaDB + OJS + a small watcher container that restarts OJS
# when the plugin directory changes (we develop the review-form plugin here).
# Data lives in ./ojs-data so the volumes survive "down".

set -euo pipefail

ACTION=${1:-up}
shift || true
OJS_VERSION=${OJS_VERSION:-3_4_0-5}
PORT=${OJS_PORT:-8081}
PROJECT=studentjournal
NET=${PROJECT}_net
DATA=$PWD/ojs-data
PLUGIN_DIR=$PWD/plugins/reviewForms

while getopts "v:p:" opt; do
    case $opt in
        v) OJS_VERSION=$OPTARG ;;
        p) PORT=$OPTARG ;;
        *) exit 2 ;;
    esac
done

msg() { echo -e "\033[1;34m[$PROJECT]\033[0m $*"; }

env_file() {
    local f=$PWD/.ojs.env
    if [[ ! -f $f ]]; then
        msg "creating $f with fresh database password"
        umask 077
        printf 'MYSQL_ROOT_PASSWORD=%s\nMYSQL_DATABASE=ojs\nMYSQL_USER=ojs\nMYSQL_PASSWORD=%s\n' \
            "$(openssl rand -hex 16)" "$(openssl rand -hex 16)" > "$f"
    fi
    echo "$f"
}

up() {
    local envf
    envf=$(env_file)
    mkdir -p "$DATA/db" "$DATA/files" "$DATA/public" "$PLUGIN_DIR"
    docker network inspect "$NET" >/dev/null 2>&1 || docker network create "$NET" >/dev/null

    msg "starting database"
    docker run -d --rm --name ${PROJECT}_db --network "$NET" --env-file "$envf" \
        -v "$DATA/db:/var/lib/mysql" mariadb:10.11 >/dev/null

    msg "starting OJS $OJS_VERSION on http://localhost:$PORT"
    docker run -d --rm --name ${PROJECT}_ojs --network "$NET" --env-file "$envf" \
        -e OJS_DB_HOST=${PROJECT}_db -p "127.0.0.1:$PORT:80" \
        -v "$DATA/files:/var/www/files" -v "$DATA/public:/var/www/html/public" \
        -v "$PLUGIN_DIR:/var/www/html/plugins/generic/reviewForms" \
        "pkpofficial/ojs:$OJS_VERSION" >/dev/null

    msg "starting plugin watcher"
    docker run -d --rm --name ${PROJECT}_watch \
        -v /var/run/docker.sock:/var/run/docker.sock \
        -v "$PLUGIN_DIR:/watch:ro" \
        docker:cli sh -c '
            last=""
            while true; do
                cur=$(find /watch -type f -exec md5sum {} + | md5sum)
                if [ -n "$last" ] && [ "$cur" != "$last" ]; then
                    docker restart '"${PROJECT}_ojs"' >/dev/null && echo "restarted ojs"
                fi
                last=$cur
                sleep 3
            done' >/dev/null
}

down() {
    for c in watch ojs db; do
        docker rm -f "${PROJECT}_$c" >/dev/null 2>&1 && msg "stopped $c" || true
    done
    docker network rm "$NET" >/dev/null 2>&1 || true
}

status() {
    docker ps --filter "name=${PROJECT}_" --format 'table {{.Names}}\t{{.Status}}\t{{.Ports}}'
}

case $ACTION in
    up) up; status ;;
    down) down ;;
    status) status ;;
    logs) docker logs -f --tail 100 ${PROJECT}_ojs ;;
    *) sed -n '2,9p' "$0"; exit 2 ;;
esac
