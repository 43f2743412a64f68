package taxa.node;

import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.elasticsearch.Build;
import org.elasticsearch.client.internal.node.NodeClient;
import org.elasticsearch.cluster.node.DiscoveryNodes;
import org.elasticsearch.cluster.service.ClusterService;
import org.elasticsearch.features.NodeFeature;
import org.elasticsearch.plugins.ActionPlugin;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.rest.BaseRestHandler;
import org.elasticsearch.rest.RestHandler;
import org.elasticsearch.rest.RestRequest;
import org.elasticsearch.rest.RestResponse;
import org.elasticsearch.rest.RestStatus;
import org.elasticsearch.xcontent.XContentBuilder;

/**
 * `GET /`: the node's name, cluster and version, as a distribution's root endpoint answers it
 * (the module that serves it there is not published on Maven Central). Clients and the loader
 * read it to learn whom they talk to.
 */
public final class RootInfoPlugin extends Plugin implements ActionPlugin {
  private volatile ClusterService clusterService;

  @Override
  public Collection<?> createComponents(PluginServices services) {
    clusterService = services.clusterService();
    return List.of();
  }

  @Override
  public Collection<RestHandler> getRestHandlers(
      RestHandlersServices services, Supplier<DiscoveryNodes> nodes, Predicate<NodeFeature> features) {
    return List.of(new BaseRestHandler() {
      @Override
      public String getName() {
        return "taxa_root_info";
      }

      @Override
      public List<Route> routes() {
        return List.of(new Route(RestRequest.Method.GET, "/"), new Route(RestRequest.Method.HEAD, "/"));
      }

      @Override
      protected RestChannelConsumer prepareRequest(RestRequest request, NodeClient client) {
        return channel -> {
          Build build = Build.current();
          XContentBuilder body = channel.newBuilder();
          body.startObject()
              .field("name", clusterService.getNodeName())
              .field("cluster_name", clusterService.getClusterName().value())
              .field("cluster_uuid", clusterService.state().metadata().clusterUUID())
              .startObject("version")
              .field("number", build.qualifiedVersion())
              .field("build_flavor", build.flavor())
              .field("build_type", build.type().displayName())
              .field("build_hash", build.hash())
              .field("build_date", build.date())
              .field("build_snapshot", build.isSnapshot())
              .field("lucene_version", org.apache.lucene.util.Version.LATEST.toString())
              .field("minimum_wire_compatibility_version", build.minWireCompatVersion())
              .field("minimum_index_compatibility_version", build.minIndexCompatVersion())
              .endObject()
              .field("tagline", "You Know, for Search")
              .endObject();
          channel.sendResponse(new RestResponse(RestStatus.OK, body));
        };
      }
    });
  }
}
