#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# ci/oss-fuzz/render.sh OUT_DIR -- writes the OSS-Fuzz project files
# (project.yaml, Dockerfile, build.sh) for u8guard into OUT_DIR, ready to
# copy to projects/u8guard/ of the oss-fuzz repository. The values only
# known at publication come from ci/oss-fuzz/publication.env, or from the
# environment (which wins); an unset one is an error, so a submission never
# carries a placeholder.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:?usage: ci/oss-fuzz/render.sh OUT_DIR}
env_repo=${U8GUARD_REPO_URL-} env_contact=${U8GUARD_CONTACT-}
# shellcheck source=/dev/null
. "$HERE/publication.env"
U8GUARD_REPO_URL=${env_repo:-$U8GUARD_REPO_URL}
U8GUARD_CONTACT=${env_contact:-$U8GUARD_CONTACT}
for v in U8GUARD_REPO_URL U8GUARD_CONTACT; do
  [ -n "${!v}" ] || { echo "render: $v is not set (ci/oss-fuzz/publication.env)" >&2; exit 2; }
  case ${!v} in *'|'*|*$'\n'*) echo "render: $v holds '|' or a newline" >&2; exit 2 ;; esac
done
mkdir -p "$OUT"
for f in project.yaml Dockerfile; do
  sed -e "s|@U8GUARD_REPO_URL@|$U8GUARD_REPO_URL|g" -e "s|@U8GUARD_CONTACT@|$U8GUARD_CONTACT|g" \
    "$HERE/$f.in" >"$OUT/$f"
done
cp "$HERE/build.sh" "$OUT/build.sh"
echo "render: $OUT/project.yaml, Dockerfile, build.sh for $U8GUARD_REPO_URL"
