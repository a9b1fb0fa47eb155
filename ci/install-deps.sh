#!/usr/bin/env bash
# Installs the system packages Podium's commands need (wrk, nginx, Chromium, curl, make) when they are missing:
# with apt-get as root or through passwordless sudo, otherwise it stops and prints the exact command to run.
# Usage: ci/install-deps.sh [wrk] [nginx] [chromium] [curl] [make] [pg] [pg-server]   (no argument: all but pg*)
set -euo pipefail
want=("$@"); [ ${#want[@]} -gt 0 ] || want=(wrk nginx chromium curl make)
missing=()
for tool in "${want[@]}"; do
  case "$tool" in
    wrk)      command -v wrk >/dev/null 2>&1 || missing+=(wrk) ;;
    nginx)    command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light) ;;
    chromium) [ -x /usr/bin/chromium ] || missing+=(chromium) ;;
    curl)     command -v curl >/dev/null 2>&1 || missing+=(curl ca-certificates) ;;
    make)     command -v make >/dev/null 2>&1 || missing+=(make) ;;
    pg)       command -v pg_dump >/dev/null 2>&1 || missing+=(postgresql-client) ;;
    pg-server) compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql) ;;
    *) echo "install-deps: unknown tool '$tool'" >&2; exit 2 ;;
  esac
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"; else sudo="none"; fi
fi
if [ "$sudo" = none ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "install-deps: missing ${missing[*]}. Run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "install-deps: installing ${missing[*]} with apt-get" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
