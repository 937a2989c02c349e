#!/usr/bin/env bash
# vhost-provision: render an nginx virtual host for an application from a
# small key=value descriptor (parsed, never sourced), install it into the
# system nginx configuration and reload the service.  Work is split into
# ordered stages with pre/post hooks, similar to our other tooling.
set -euo pipefail

PROG=${0##*/}
DESCRIPTOR=${DESCRIPTOR:-./vhost.conf}
NGINX_ROOT=/etc/nginx
DRY_RUN=0
VERBOSE=0

declare -a STAGES=(validate render install enable test reload)
declare -a PRE_HOOKS=()
declare -a POST_HOOKS=()
declare -A APP=([name]="" [server_name]="" [upstream]="127.0.0.1:8000" [static_dir]="" [max_body]="10m" [tls]="no")
RENDERED=""

log()  { printf '%s: %s\n' "$PROG" "$*" >&2; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }
die()  { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $PROG [-n] [-v] [-f descriptor] [-s stage[,stage...]]
  -n   dry run: render and show the config, change nothing
  -v   verbose
  -f   descriptor file (default: $DESCRIPTOR)
  -s   run only the given stages (default: ${STAGES[*]})
EOF
}

detect_platform() {
    local id="unknown"
    if [[ -r /etc/os-release ]]; then
        while IFS='=' read -r key value; do
            [[ $key == ID ]] && id=${value//\"/}
        done < /etc/os-release
    fi
    printf '%s\n' "$id"
}

sites_layout() {
    # Debian-style sites-available/sites-enabled or RHEL-style conf.d
    case $(detect_platform) in
        debian|ubuntu) printf '%s %s\n' "$NGINX_ROOT/sites-available" "$NGINX_ROOT/sites-enabled" ;;
        *)             printf '%s %s\n' "$NGINX_ROOT/conf.d" "" ;;
    esac
}

as_root() {
    if [[ $DRY_RUN -eq 1 ]]; then
        log "[dry-run] $*"
        return 0
    fi
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

load_descriptor() {
    [[ -f $DESCRIPTOR ]] || die "descriptor $DESCRIPTOR not found"
    local key value
    while IFS='=' read -r key value; do
        [[ -z $key || $key == \#* ]] && continue
        key=${key// /}
        [[ -v APP[$key] ]] || { log "unknown key '$key' ignored"; continue; }
        APP[$key]=$value
    done < "$DESCRIPTOR"
}

stage_validate() {
    [[ ${APP[name]} =~ ^[a-z0-9][a-z0-9-]{1,40}$ ]] || die "invalid app name '${APP[name]}'"
    [[ -n ${APP[server_name]} ]] || die "server_name is required"
    [[ ${APP[upstream]} =~ ^[0-9.]+:[0-9]+$ ]] || die "upstream must be host:port"
    if [[ -n ${APP[static_dir]} && ! -d ${APP[static_dir]} ]]; then
        die "static_dir ${APP[static_dir]} does not exist"
    fi
}

render_locations() {
    if [[ -n ${APP[static_dir]} ]]; then
        cat <<EOF
    location /static/ {
        alias ${APP[static_dir]%/}/;
        expires 7d;
    }
EOF
    fi
    cat <<EOF
    location / {
        proxy_pass http://${APP[name]}_upstream;
        proxy_set_header Host \$host;
        proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto \$scheme;
    }
EOF
}

stage_render() {
    local listen="listen 80;"
    if [[ ${APP[tls]} == yes ]]; then
        listen="listen 443 ssl http2;
    ssl_certificate /etc/letsencrypt/live/${APP[server_name]}/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/${APP[server_name]}/privkey.pem;"
    fi
    RENDERED=$(cat <<EOF
# managed by $PROG - do not edit by hand
upstream ${APP[name]}_upstream {
    server ${APP[upstream]};
    keepalive 16;
}

server {
    $listen
    server_name ${APP[server_name]};
    client_max_body_size ${APP[max_body]};
    access_log /var/log/nginx/${APP[name]}.access.log;

$(render_locations)
}
EOF
)
    vlog "rendered $(wc -l <<< "$RENDERED") lines"
    [[ $DRY_RUN -eq 1 ]] && printf '%s\n' "$RENDERED"
    return 0
}

stage_install() {
    local available enabled target
    read -r available enabled <<< "$(sites_layout)"
    target="$available/${APP[name]}.conf"
    as_root install -d -m 0755 "$available"
    printf '%s\n' "$RENDERED" | as_root tee "$target" >/dev/null
    as_root chown root:root "$target"
    as_root chmod 0644 "$target"
    log "installed $target"
}

stage_enable() {
    local available enabled
    read -r available enabled <<< "$(sites_layout)"
    [[ -z $enabled ]] && { vlog "layout has no sites-enabled, nothing to link"; return 0; }
    as_root ln -sfn "$available/${APP[name]}.conf" "$enabled/${APP[name]}.conf"
}

stage_test() {
    as_root nginx -t
}

stage_reload() {
    as_root systemctl reload nginx
    log "nginx reloaded with vhost ${APP[server_name]}"
}

run_hooks() { local h; for h in "$@"; do vlog "hook $h"; "$h"; done; }

hook_banner() { log "provisioning ${APP[name]} on $(detect_platform)"; }
hook_done()   { log "done"; }

main() {
    local only=""
    while getopts ':nvf:s:h' opt; do
        case $opt in
            n) DRY_RUN=1 ;;
            v) VERBOSE=1 ;;
            f) DESCRIPTOR=$OPTARG ;;
            s) only=$OPTARG ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    load_descriptor
    [[ -n $only ]] && IFS=',' read -r -a STAGES <<< "$only"
    PRE_HOOKS+=(hook_banner)
    POST_HOOKS+=(hook_done)

    run_hooks "${PRE_HOOKS[@]}"
    local s
    for s in "${STAGES[@]}"; do
        declare -F "stage_$s" >/dev/null || die "unknown stage $s"
        vlog "stage $s"
        "stage_$s"
    done
    run_hooks "${POST_HOOKS[@]}"
}

main "$@"
