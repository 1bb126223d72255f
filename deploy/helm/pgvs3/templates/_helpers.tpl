{{/* Names and labels shared by every template. */}}
{{- define "pgvs3.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "pgvs3.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "pgvs3.labels" -}}
{{ include "pgvs3.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* The S3 port the container listens on: HTTPS when TLS is on, plaintext otherwise. */}}
{{- define "pgvs3.s3Port" -}}
{{- if .Values.tls.enabled }}{{ .Values.tls.port }}{{ else }}{{ .Values.plaintextPort }}{{ end -}}
{{- end -}}

{{/* Refuses values that would give pods that can never be ready or a database that runs out of connections. */}}
{{- define "pgvs3.checks" -}}
{{- if and (not .Values.tls.enabled) (not .Values.allowPlaintext) -}}
{{- fail "tls.enabled=false needs allowPlaintext=true (a proxy that terminates TLS): the gateway refuses plaintext S3 off loopback and stays unready" -}}
{{- end -}}
{{- /* both pools, and the gateway's own sessions: the read-pin guard and the maintenance leader */ -}}
{{- $perGateway := add .Values.database.pools.main .Values.database.pools.chunk 2 -}}
{{- $budget := sub .Values.database.maxConnections .Values.database.reservedConnections -}}
{{- if and (gt (int .Values.database.maxConnections) 0) (gt (mul .Values.replicaCount $perGateway) $budget) -}}
{{- fail (printf "connection budget exceeded: %d replicas × (%d + %d + 2 own sessions) connections > max_connections %d − %d reserved" (int .Values.replicaCount) (int .Values.database.pools.main) (int .Values.database.pools.chunk) (int .Values.database.maxConnections) (int .Values.database.reservedConnections)) -}}
{{- end -}}
{{- end -}}
