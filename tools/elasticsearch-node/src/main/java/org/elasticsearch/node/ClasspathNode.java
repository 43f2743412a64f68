package org.elasticsearch.node;

import java.util.Collection;
import java.util.Map;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.env.Environment;
import org.elasticsearch.plugins.MockPluginsService;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.plugins.PluginsLoader;
import org.elasticsearch.plugins.PluginsService;

/**
 * A node whose plugins are classes on the classpath rather than module directories: the server
 * jars on Maven Central come without the distribution's module layout. In this package because
 * the node's construction hooks are package-private.
 */
public class ClasspathNode extends Node {
  public static Environment environment(Settings settings, String nodeName) {
    return InternalSettingsPreparer.prepareEnvironment(settings, Map.of(), null, () -> nodeName);
  }

  public ClasspathNode(Environment environment, Collection<Class<? extends Plugin>> plugins) {
    super(NodeConstruction.prepareConstruction(environment, null, new NodeServiceProvider() {
      @Override
      PluginsService newPluginService(Environment env, PluginsLoader loader) {
        return new MockPluginsService(env.settings(), env, plugins);
      }
    }, true));
  }
}
