#!/usr/bin/env bash
# proxy_env_install.sh - roll out the egress proxy settings for a build host.
#
#   proxy_env_install.sh [-c proxy.conf] [-n]
#
# proxy.conf (key=value):
#   proxy_url=http://egress.corp.example:3128
#   no_proxy=localhost,127.0.0.1,.corp.example,10.0.0.0/8
#   pac_url=http://wpad.corp.example/proxy.pac     (optional, sanity-checked)
#
# Renders the environment and apt snippets, checks the proxy answers, then
# installs them.  -n renders and checks only.

set -eu

CONF="proxy.conf"
DRY_RUN=0
STAGE="./build/proxy"

while getopts ":c:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bad option" >&2; exit 1 ;;
    esac
done

[ -r "$CONF" ] || { echo "cannot read $CONF" >&2; exit 1; }

proxy_url=""; no_proxy=""; pac_url=""
while IFS='=' read -r k v; do
    case "$k" in
        proxy_url) proxy_url="$v" ;;
        no_proxy)  no_proxy="$v" ;;
        pac_url)   pac_url="$v" ;;
    esac
done <"$CONF"

case "$proxy_url" in
    http://*|https://*) ;;
    *) echo "proxy_url must be an http(s) URL" >&2; exit 1 ;;
esac

mkdir -p "$STAGE"

render() {
    cat >"$STAGE/90-proxy.conf" <<EOF
# managed by proxy_env_install.sh
http_proxy=$proxy_url
https_proxy=$proxy_url
HTTP_PROXY=$proxy_url
HTTPS_PROXY=$proxy_url
no_proxy=$no_proxy
NO_PROXY=$no_proxy
EOF
    cat >"$STAGE/95proxy" <<EOF
// managed by proxy_env_install.sh
Acquire::http::Proxy "$proxy_url";
Acquire::https::Proxy "$proxy_url";
EOF
    echo "rendered snippets into $STAGE"
}

check_proxy() {
    local code
    code="$(curl -sS -o "$STAGE/probe.body" -w '%{http_code}' --max-time 10 \
        --proxy "$proxy_url" -I https://deb.debian.org/ || echo 000)"
    if [ "$code" = "000" ]; then
        echo "proxy $proxy_url did not answer" >&2
        return 1
    fi
    echo "proxy answered with HTTP $code"
    if [ -n "$pac_url" ]; then
        if curl -fsS --max-time 10 "$pac_url" -o "$STAGE/proxy.pac" \
            && grep -q FindProxyForURL "$STAGE/proxy.pac"; then
            echo "PAC file at $pac_url looks valid"
        else
            echo "warning: PAC file at $pac_url missing or malformed" >&2
        fi
    fi
}

install_snippets() {
    sudo install -D -m 0644 "$STAGE/90-proxy.conf" /etc/environment.d/90-proxy.conf
    sudo install -D -m 0644 "$STAGE/95proxy" /etc/apt/apt.conf.d/95proxy
    echo "installed /etc/environment.d/90-proxy.conf and /etc/apt/apt.conf.d/95proxy"
    echo "log out and back in for the environment change to apply"
}

render
check_proxy || exit 2
if [ "$DRY_RUN" -eq 1 ]; then
    echo "dry run: not installing"
    exit 0
fi
install_snippets
