import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles and runs Java snippets in memory, one JVM for a whole test run (a javac plus java per snippet costs
 * about a second; this about 20 ms once warm). Reads one JSON object per line on stdin:
 * {"id": "...", "file": "Main.java", "code": "..."}, and answers one JSON line per snippet:
 * {"id", "compileErrors": [{"line", "message"}], "stdout", "exception": class name or null, "exceptionMessage", "timedOut"}.
 * Each snippet gets its own class loader, so static state never leaks from one to the next.
 */
public final class SnippetRunner {
  private static final long RUN_TIMEOUT_SECONDS = 10;

  public static void main(String[] args) throws Exception {
    // The same answers on every machine: output that formats numbers or dates must not depend on its settings.
    Locale.setDefault(Locale.US);
    TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    // Opening the platform's classes is the slow part of a compilation: one file manager serves every snippet.
    StandardJavaFileManager standard = compiler.getStandardFileManager(null, Locale.US, StandardCharsets.UTF_8);
    PrintStream answers = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      if (line.isBlank()) continue;
      Map<String, String> request = Json.parseFlatObject(line);
      answers.println(Json.write(run(compiler, standard, request)));
    }
    System.exit(0);
  }

  private static Map<String, Object> run(JavaCompiler compiler, StandardJavaFileManager standard, Map<String, String> request) {
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("id", request.get("id"));
    String fileName = request.getOrDefault("file", "Main.java");
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    MemoryFileManager files = new MemoryFileManager(standard);
    JavaFileObject source = new SourceFile(fileName, request.get("code"));
    boolean compiled = compiler
        .getTask(null, files, diagnostics, List.of("-proc:none", "-Xlint:none", "-nowarn"), null, List.of(source))
        .call();
    List<Object> errors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() != Diagnostic.Kind.ERROR) continue;
      Map<String, Object> error = new LinkedHashMap<>();
      error.put("line", d.getLineNumber());
      error.put("message", d.getMessage(Locale.US));
      errors.add(error);
    }
    answer.put("compileErrors", errors);
    answer.put("stdout", "");
    answer.put("exception", null);
    answer.put("exceptionMessage", null);
    answer.put("timedOut", false);
    if (!compiled || !errors.isEmpty()) return answer;

    MemoryClassLoader loader = new MemoryClassLoader(files.classes);
    Method main;
    try {
      main = findMain(loader, files.classes.keySet(), fileName.replace(".java", ""));
    } catch (ClassNotFoundException e) {
      answer.put("exception", "harness: " + e);
      return answer;
    }
    if (main == null) {
      answer.put("exception", "harness: no class declares public static void main(String[])");
      return answer;
    }
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream previousOut = System.out;
    PrintStream previousErr = System.err;
    PrintStream capture = new PrintStream(captured, true, StandardCharsets.UTF_8);
    System.setOut(capture);
    System.setErr(new PrintStream(OutputStream.nullOutputStream()));
    Thread runner = null;
    try {
      FutureTask<Void> task = new FutureTask<>(() -> {
        main.invoke(null, (Object) new String[0]);
        return null;
      });
      runner = new Thread(task, "snippet-main");
      runner.setContextClassLoader(loader);
      runner.setDaemon(true);
      runner.start();
      task.get(RUN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      answer.put("timedOut", true);
      runner.interrupt();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof InvocationTargetException invocation) cause = invocation.getCause();
      answer.put("exception", cause.getClass().getName());
      answer.put("exceptionMessage", cause.getMessage());
    } catch (InterruptedException e) {
      answer.put("exception", "harness: interrupted");
    } finally {
      capture.flush();
      System.setOut(previousOut);
      System.setErr(previousErr);
    }
    answer.put("stdout", captured.toString(StandardCharsets.UTF_8));
    return answer;
  }

  /** The public file's class when it has main, else the first class that does. */
  private static Method findMain(ClassLoader loader, Iterable<String> names, String preferred) throws ClassNotFoundException {
    List<String> ordered = new ArrayList<>();
    for (String name : names) {
      if (name.equals(preferred) || name.endsWith("." + preferred)) ordered.add(0, name);
      else ordered.add(name);
    }
    for (String name : ordered) {
      Class<?> type = Class.forName(name, false, loader);
      try {
        Method main = type.getDeclaredMethod("main", String[].class);
        if (Modifier.isStatic(main.getModifiers())) {
          main.setAccessible(true);
          return main;
        }
      } catch (NoSuchMethodException ignored) {
        // not this one
      }
    }
    return null;
  }

  private static final class SourceFile extends SimpleJavaFileObject {
    private final String code;

    SourceFile(String fileName, String code) {
      super(URI.create("string:///" + fileName), Kind.SOURCE);
      this.code = code;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return code;
    }
  }

  private static final class ClassFile extends SimpleJavaFileObject {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    ClassFile(String name) {
      super(URI.create("bytes:///" + name.replace('.', '/') + ".class"), Kind.CLASS);
    }

    @Override
    public OutputStream openOutputStream() {
      return bytes;
    }
  }

  private static final class MemoryFileManager extends ForwardingJavaFileManager<StandardJavaFileManager> {
    final Map<String, ClassFile> classes = new LinkedHashMap<>();

    MemoryFileManager(StandardJavaFileManager standard) {
      super(standard);
    }

    @Override
    public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind, FileObject sibling) {
      ClassFile file = new ClassFile(className);
      classes.put(className, file);
      return file;
    }
  }

  private static final class MemoryClassLoader extends ClassLoader {
    private final Map<String, ClassFile> classes;

    MemoryClassLoader(Map<String, ClassFile> classes) {
      super(SnippetRunner.class.getClassLoader());
      this.classes = classes;
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
      ClassFile file = classes.get(name);
      if (file == null) throw new ClassNotFoundException(name);
      byte[] bytes = file.bytes.toByteArray();
      return defineClass(name, bytes, 0, bytes.length);
    }
  }

  /** Just enough JSON: flat objects of strings in, nested maps, lists, strings, numbers and booleans out. */
  static final class Json {
    static Map<String, String> parseFlatObject(String text) {
      Map<String, String> result = new HashMap<>();
      int[] at = {skip(text, 0)};
      expect(text, at, '{');
      at[0] = skip(text, at[0]);
      if (text.charAt(at[0]) == '}') return result;
      while (true) {
        at[0] = skip(text, at[0]);
        String key = readString(text, at);
        at[0] = skip(text, at[0]);
        expect(text, at, ':');
        at[0] = skip(text, at[0]);
        result.put(key, readString(text, at));
        at[0] = skip(text, at[0]);
        char next = text.charAt(at[0]++);
        if (next == '}') return result;
        if (next != ',') throw new IllegalArgumentException("expected , or } at " + (at[0] - 1));
      }
    }

    private static int skip(String text, int at) {
      while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
      return at;
    }

    private static void expect(String text, int[] at, char c) {
      if (text.charAt(at[0]) != c) throw new IllegalArgumentException("expected " + c + " at " + at[0]);
      at[0]++;
    }

    private static String readString(String text, int[] at) {
      expect(text, at, '"');
      StringBuilder out = new StringBuilder();
      while (true) {
        char c = text.charAt(at[0]++);
        if (c == '"') return out.toString();
        if (c != '\\') {
          out.append(c);
          continue;
        }
        char e = text.charAt(at[0]++);
        switch (e) {
          case 'n' -> out.append('\n');
          case 't' -> out.append('\t');
          case 'r' -> out.append('\r');
          case 'b' -> out.append('\b');
          case 'f' -> out.append('\f');
          case 'u' -> {
            out.append((char) Integer.parseInt(text.substring(at[0], at[0] + 4), 16));
            at[0] += 4;
          }
          default -> out.append(e);
        }
      }
    }

    static String write(Object value) {
      StringBuilder out = new StringBuilder();
      write(out, value);
      return out.toString();
    }

    private static void write(StringBuilder out, Object value) {
      if (value == null) out.append("null");
      else if (value instanceof String s) writeString(out, s);
      else if (value instanceof Number || value instanceof Boolean) out.append(value);
      else if (value instanceof Map<?, ?> map) {
        out.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> entry : map.entrySet()) {
          if (!first) out.append(',');
          first = false;
          writeString(out, String.valueOf(entry.getKey()));
          out.append(':');
          write(out, entry.getValue());
        }
        out.append('}');
      } else if (value instanceof List<?> list) {
        out.append('[');
        for (int i = 0; i < list.size(); i++) {
          if (i > 0) out.append(',');
          write(out, list.get(i));
        }
        out.append(']');
      } else writeString(out, String.valueOf(value));
    }

    private static void writeString(StringBuilder out, String s) {
      out.append('"');
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        switch (c) {
          case '"' -> out.append("\\\"");
          case '\\' -> out.append("\\\\");
          case '\n' -> out.append("\\n");
          case '\r' -> out.append("\\r");
          case '\t' -> out.append("\\t");
          default -> {
            if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
            else out.append(c);
          }
        }
      }
      out.append('"');
    }
  }
}
