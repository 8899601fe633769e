package dev.cellar.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.calcite.avatica.remote.Service.RpcMetadataResponse;
import org.apache.calcite.avatica.server.AvaticaHandler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.HandlerWrapper;

/**
 * Avatica's handler with two more paths on the same port: {@code GET /health} ({@value #HEALTH},
 * answered without credentials: 200 {@code OK} while the database is open, else 503) and
 * {@code GET /metrics} ({@value #METRICS}, behind the same authentication as every other
 * request: {@link ServerMetrics} in Prometheus' text format). Every other request goes to
 * Avatica's handler.
 */
final class MonitorHandler extends HandlerWrapper implements AvaticaHandler {
  /** The health check's path. */
  static final String HEALTH = "/health";
  /** The metrics' path. */
  static final String METRICS = "/metrics";

  private final AvaticaHandler avatica;
  private final ServerMetrics metrics;
  private final BooleanSupplier healthy;

  MonitorHandler(AvaticaHandler avatica, ServerMetrics metrics, BooleanSupplier healthy) {
    this.avatica = avatica;
    this.metrics = metrics;
    this.healthy = healthy;
    setHandler(avatica);
  }

  @Override
  public void handle(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
      throws IOException, javax.servlet.ServletException {
    if (HEALTH.equals(target)) {
      boolean ok = healthy.getAsBoolean();
      answer(baseRequest, response, ok ? HttpServletResponse.SC_OK : HttpServletResponse.SC_SERVICE_UNAVAILABLE,
          "text/plain;charset=utf-8", ok ? "OK\n" : "DOWN: the database is closed\n");
    } else if (METRICS.equals(target) && request.getMethod().equals("GET")) {
      answer(baseRequest, response, HttpServletResponse.SC_OK, "text/plain;version=0.0.4;charset=utf-8",
          metrics.prometheus());
    } else {
      super.handle(target, baseRequest, request, response);
    }
  }

  private static void answer(Request baseRequest, HttpServletResponse response, int status, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    response.setStatus(status);
    response.setContentType(type);
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
    baseRequest.setHandled(true);
  }

  @Override
  public void setServerRpcMetadata(RpcMetadataResponse metadata) {
    avatica.setServerRpcMetadata(metadata);
  }
}
