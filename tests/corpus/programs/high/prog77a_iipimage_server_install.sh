#!/usr/bin/env bash
# Install and configure IIPImage as the IIIF image server for the
# digital-collections viewer on a Debian/Ubuntu host.
#
# - installs iipimage-server and the Apache FastCGI module
# - writes the iipsrv FastCGI config pointing at the pyramid TIFF store
# - enables the module and reloads Apache
#
#   ./install_iipimage.sh --images /srv/iiif/pyramids [--workers 8] [--dry-run]

set -euo pipefail

IMAGE_ROOT="/srv/iiif/pyramids"
WORKERS=4
CACHE_MB=512
CORS_ORIGIN="*"
DRY_RUN=0
CONF_PATH="/etc/apache2/mods-available/iipsrv.conf"
LOG_PATH="/var/log/iipsrv.log"

usage() { sed -n '2,10p' "$0"; }
log() { echo "[$(date +%T)] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --images) IMAGE_ROOT="$2"; shift 2 ;;
        --workers) WORKERS="$2"; shift 2 ;;
        --cache) CACHE_MB="$2"; shift 2 ;;
        --cors) CORS_ORIGIN="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown option $1" >&2; usage; exit 2 ;;
    esac
done

if [[ $EUID -eq 0 ]]; then
    AS_ROOT=()
else
    command -v sudo >/dev/null || { echo "need root or sudo" >&2; exit 1; }
    AS_ROOT=(sudo --preserve-env=DEBIAN_FRONTEND)
fi

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "+ $*"
    else
        "$@"
    fi
}

render_conf() {
    cat <<EOF
# Managed by install_iipimage.sh - digital collections
<IfModule mod_fcgid.c>
  ScriptAlias /iiif "/usr/lib/iipimage-server/iipsrv.fcgi"
  <Location "/iiif">
    AddHandler fcgid-script .fcgi
    Require all granted
  </Location>
  FcgidInitialEnv VERBOSITY "2"
  FcgidInitialEnv LOGFILE "${LOG_PATH}"
  FcgidInitialEnv MAX_IMAGE_CACHE_SIZE "${CACHE_MB}"
  FcgidInitialEnv FILESYSTEM_PREFIX "${IMAGE_ROOT%/}/"
  FcgidInitialEnv FILENAME_PATTERN "_pyr_"
  FcgidInitialEnv JPEG_QUALITY "85"
  FcgidInitialEnv MAX_CVT "5000"
  FcgidInitialEnv CORS "${CORS_ORIGIN}"
  FcgidMaxProcessesPerClass ${WORKERS}
  FcgidIdleTimeout 0
</IfModule>
EOF
}

log "installing packages"
export DEBIAN_FRONTEND=noninteractive
run "${AS_ROOT[@]}" apt-get update -qq
run "${AS_ROOT[@]}" apt-get install -y -qq iipimage-server libapache2-mod-fcgid apache2

log "writing $CONF_PATH"
if [[ $DRY_RUN -eq 1 ]]; then
    render_conf
else
    render_conf | "${AS_ROOT[@]}" tee "$CONF_PATH" >/dev/null
    "${AS_ROOT[@]}" touch "$LOG_PATH"
    "${AS_ROOT[@]}" chown www-data:adm "$LOG_PATH"
fi

if [[ ! -d "$IMAGE_ROOT" ]]; then
    log "creating image root $IMAGE_ROOT"
    run "${AS_ROOT[@]}" install -d -o www-data -g www-data -m 0755 "$IMAGE_ROOT"
fi

log "enabling modules"
run "${AS_ROOT[@]}" a2enmod -q fcgid iipsrv headers
run "${AS_ROOT[@]}" apache2ctl configtest
run "${AS_ROOT[@]}" systemctl reload apache2

if [[ $DRY_RUN -eq 0 ]]; then
    sleep 2
    if curl -fsS --max-time 10 "http://localhost/iiif?IIIF=" -o /dev/null 2>/dev/null; then
        log "iipsrv responding at http://localhost/iiif"
    else
        log "iipsrv did not answer yet; check $LOG_PATH"
    fi
fi
log "done"
