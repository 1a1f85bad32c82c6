#!/bin/bash -eu
# ClusterFuzzLite build: the OSS-Fuzz script, one source of truth.
exec "$SRC/u8guard/ci/oss-fuzz/build.sh"
