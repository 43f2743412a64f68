package taxa.node;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.elasticsearch.common.logging.LogConfigurator;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.env.Environment;
import org.elasticsearch.node.ClasspathNode;
import org.elasticsearch.node.Node;
import org.elasticsearch.transport.netty4.Netty4Plugin;

/**
 * Runs one Elasticsearch node on 127.0.0.1 until the JVM is told to stop (SIGTERM, SIGINT), then
 * closes it cleanly. Arguments: the node's home directory (data under `data/`, the log under
 * `logs/`) and the HTTP port. The heap is the JVM's (`-Xmx`), set by `taxa elasticsearch`.
 */
public final class SingleNode {
  private static final String NAME = "taxa-local";

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: SingleNode <home directory> <http port>");
      System.exit(2);
    }
    Path home = Path.of(args[0]).toAbsolutePath();
    int port = Integer.parseInt(args[1]);
    writeLogConfiguration(home.resolve("config"));
    Settings settings = Settings.builder()
        .put("path.home", home.toString())
        .put("path.data", home.resolve("data").toString())
        .put("path.logs", home.resolve("logs").toString())
        .put("cluster.name", NAME)
        .put("node.name", NAME)
        .put("network.host", "127.0.0.1")
        .put("http.port", port)
        .put("transport.port", 0)
        .put("discovery.type", "single-node")
        // A development disk is often past the watermarks, which would leave shards unassigned or
        // indices read-only; a single node has nowhere to move shards anyway.
        .put("cluster.routing.allocation.disk.threshold_enabled", false)
        .build();
    LogConfigurator.configureESLogging();
    Environment environment = ClasspathNode.environment(settings, NAME);
    LogConfigurator.setNodeName(NAME);
    LogConfigurator.configure(environment, false);
    Node node = new ClasspathNode(environment, List.of(Netty4Plugin.class, RootInfoPlugin.class));
    CountDownLatch closed = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        node.close();
        node.awaitClose(10, TimeUnit.SECONDS);
      } catch (Exception e) {
        e.printStackTrace();
      } finally {
        closed.countDown();
      }
    }, "close-node"));
    node.start();
    closed.await();
  }

  /** Everything the node logs goes to `logs/taxa-local.log`, nothing to the terminal. */
  private static void writeLogConfiguration(Path config) throws Exception {
    Files.createDirectories(config);
    Files.writeString(config.resolve("log4j2.properties"), String.join("\n",
        "appender.file.type = File",
        "appender.file.name = file",
        "appender.file.fileName = ${sys:es.logs.base_path}${sys:file.separator}${sys:es.logs.cluster_name}.log",
        "appender.file.layout.type = PatternLayout",
        "appender.file.layout.pattern = [%d{ISO8601}][%-5p][%-25c{1.}] %marker%m%n",
        "rootLogger.level = info",
        "rootLogger.appenderRef.file.ref = file",
        ""));
  }
}
