<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
<context>
    <name>AnimationDialog</name>
    <message>
        <source>Export animation</source>
        <translation>Exportar animación</translation>
    </message>
    <message>
        <source>Replays a stretch of the recording and writes what a view shows, frame by frame, as an animation for slides and web pages. The view is drawn as File &gt; Export picture draws it.</source>
        <translation>Reproduce un tramo de la grabación y escribe lo que muestra una vista, fotograma a fotograma, como una animación para diapositivas y páginas web. La vista se dibuja como la dibuja Archivo &gt; Exportar imagen.</translation>
    </message>
    <message>
        <source>Circle</source>
        <translation>Círculo</translation>
    </message>
    <message>
        <source>Latency chart</source>
        <translation>Gráfico de latencia</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Línea de tiempo</translation>
    </message>
    <message>
        <source>Whole window</source>
        <translation>Ventana entera</translation>
    </message>
    <message>
        <source>What each frame shows: the circle of phases, the latency chart (without its controls), the timeline, or the whole window, at the size it has on the screen now.</source>
        <translation>Lo que muestra cada fotograma: el círculo de fases, el gráfico de latencia (sin sus controles), la línea de tiempo o la ventana entera, al tamaño que tiene ahora en la pantalla.</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Where the animation starts, in milliseconds of the recording as the timeline&apos;s ruler counts them. At first the recording&apos;s start.</source>
        <translation>Dónde empieza la animación, en milisegundos de la grabación tal como los cuenta la regla de la línea de tiempo. Al principio, el inicio de la grabación.</translation>
    </message>
    <message>
        <source>Where it ends: its last frame shows this moment. At first the recording&apos;s end.</source>
        <translation>Dónde termina: su último fotograma muestra este instante. Al principio, el final de la grabación.</translation>
    </message>
    <message>
        <source>How fast the recording plays in the animation, as Replay speed plays it: at 1/10, a millisecond of the program lasts ten.</source>
        <translation>A qué velocidad se reproduce la grabación en la animación, como la reproduce Velocidad de repetición: a 1/10, un milisegundo del programa dura diez.</translation>
    </message>
    <message>
        <source>Frames a second. 10 keeps a GIF small; more makes the motion smoother and the file larger. GIF counts time in hundredths of a second, so up to %1.</source>
        <translation>Fotogramas por segundo. Con 10 un GIF queda pequeño; con más, el movimiento es más suave y el archivo más grande. GIF cuenta el tiempo en centésimas de segundo, así que hasta %1.</translation>
    </message>
    <message>
        <source>a file ending in .gif or .webp</source>
        <translation>un archivo que termine en .gif o .webp</translation>
    </message>
    <message>
        <source>.gif plays everywhere, with 256 colours a frame; .webp keeps every colour and is usually smaller, for browsers and presentation programs that show it.</source>
        <translation>.gif se reproduce en todas partes, con 256 colores por fotograma; .webp conserva todos los colores y suele ser más pequeño, para navegadores y programas de presentaciones que lo muestran.</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Elegir…</translation>
    </message>
    <message>
        <source>Chooses the file in a file dialog.</source>
        <translation>Elige el archivo en un diálogo de archivos.</translation>
    </message>
    <message>
        <source>View:</source>
        <translation>Vista:</translation>
    </message>
    <message>
        <source>From:</source>
        <translation>Desde:</translation>
    </message>
    <message>
        <source>To:</source>
        <translation>Hasta:</translation>
    </message>
    <message>
        <source>Speed:</source>
        <translation>Velocidad:</translation>
    </message>
    <message>
        <source>Frames a second:</source>
        <translation>Fotogramas por segundo:</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Archivo:</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportar</translation>
    </message>
    <message>
        <source>GIF animation (*.gif);;WebP animation (*.webp)</source>
        <translation>Animación GIF (*.gif);;Animación WebP (*.webp)</translation>
    </message>
    <message>
        <source>The end must come after the start.</source>
        <translation>El final debe ir después del inicio.</translation>
    </message>
    <message numerus="yes">
        <source>%n frames, %1 s long.</source>
        <translation>
            <numerusform>%n fotograma, dura %1 s.</numerusform>
            <numerusform>%n fotogramas, dura %1 s.</numerusform>
        </translation>
    </message>
    <message>
        <source>The file&apos;s name must end in .gif or .webp.</source>
        <translation>El nombre del archivo debe terminar en .gif o .webp.</translation>
    </message>
</context>
<context>
    <name>AnimationExport</name>
    <message>
        <source>an animation replays a recording: open one, or pause the run or let it end</source>
        <translation>una animación reproduce una grabación: abra una, o pause la ejecución o deje que termine</translation>
    </message>
    <message>
        <source>an animation plays at a speed from %1 to %2, at 1 to %3 frames a second</source>
        <translation>una animación se reproduce a una velocidad de %1 a %2, con 1 a %3 fotogramas por segundo</translation>
    </message>
    <message>
        <source>from %1 ms to %2 ms holds no time of the recording, which spans %3 ms to %4 ms</source>
        <translation>de %1 ms a %2 ms no abarca tiempo de la grabación, que va de %3 ms a %4 ms</translation>
    </message>
    <message>
        <source>%1 frames would be needed; an animation has %2 at most, so each shows longer (%3 a second) and the speed stays</source>
        <translation>harían falta %1 fotogramas; una animación tiene %2 como máximo, así que cada uno se muestra más tiempo (%3 por segundo) y la velocidad se mantiene</translation>
    </message>
</context>
<context>
    <name>AnimationWriter</name>
    <message>
        <source>cannot start a GIF: %1</source>
        <translation>no se puede empezar un GIF: %1</translation>
    </message>
    <message>
        <source>out of memory for the GIF frame&apos;s colours</source>
        <translation>sin memoria para los colores del fotograma GIF</translation>
    </message>
    <message>
        <source>cannot finish the GIF: %1</source>
        <translation>no se puede terminar el GIF: %1</translation>
    </message>
    <message>
        <source>cannot write the GIF: %1</source>
        <translation>no se puede escribir el GIF: %1</translation>
    </message>
    <message>
        <source>cannot choose the GIF frame&apos;s colours</source>
        <translation>no se pueden elegir los colores del fotograma GIF</translation>
    </message>
    <message>
        <source>this libwebp is not the one LoopScope was built with</source>
        <translation>esta libwebp no es la que se usó para compilar LoopScope</translation>
    </message>
    <message>
        <source>cannot start an animated WebP of %1×%2 pixels</source>
        <translation>no se puede empezar un WebP animado de %1×%2 píxeles</translation>
    </message>
    <message>
        <source>cannot add a frame to the WebP: %1</source>
        <translation>no se puede añadir un fotograma al WebP: %1</translation>
    </message>
    <message>
        <source>cannot finish the WebP: %1</source>
        <translation>no se puede terminar el WebP: %1</translation>
    </message>
    <message>
        <source>%1: an animation is written as .gif or .webp</source>
        <translation>%1: una animación se escribe como .gif o .webp</translation>
    </message>
    <message>
        <source>%1: there is nothing to draw (the view has no size)</source>
        <translation>%1: no hay nada que dibujar (la vista no tiene tamaño)</translation>
    </message>
    <message>
        <source>%1: the animation was not started</source>
        <translation>%1: la animación no se empezó</translation>
    </message>
    <message>
        <source>%1: a frame of %2×%3 pixels in an animation of %4×%5 (the view changed its size)</source>
        <translation>%1: un fotograma de %2×%3 píxeles en una animación de %4×%5 (la vista cambió de tamaño)</translation>
    </message>
    <message>
        <source>%1: an animation needs a frame at least</source>
        <translation>%1: una animación necesita al menos un fotograma</translation>
    </message>
</context>
<context>
    <name>AttachController</name>
    <message>
        <source>Run with Node…</source>
        <translation>Ejecutar con Node…</translation>
    </message>
    <message>
        <source>Runs a real Node.js program (a .js file, or JavaScript typed in) with LoopScope&apos;s probe inside and shows its own event loop live: its phases, its callbacks and their kinds, its loop delay.</source>
        <translation>Ejecuta un programa real de Node.js (un archivo .js o JavaScript escrito aquí) con la sonda de LoopScope dentro y muestra en vivo su propio bucle de eventos: sus fases, sus callbacks y de qué tipo son, el retraso de su bucle.</translation>
    </message>
    <message>
        <source>Attach to a running Node.js process…</source>
        <translation>Conectar a un proceso de Node.js en ejecución…</translation>
    </message>
    <message>
        <source>Lists your Node.js processes and attaches to one without a restart: its inspector is opened on 127.0.0.1 just long enough to load the probe. Stopping detaches; the program runs on.</source>
        <translation>Lista sus procesos de Node.js y se conecta a uno sin reiniciarlo: su inspector se abre en 127.0.0.1 solo el tiempo justo para cargar la sonda. Detener desconecta; el programa sigue.</translation>
    </message>
    <message>
        <source>&amp;Label every callback (Node.js program)</source>
        <translation>&amp;Etiquetar cada callback (programa de Node.js)</translation>
    </message>
    <message>
        <source>For a program run with Node: label and time every callback it runs (the default), or mark the loop&apos;s phases only, which costs the program next to nothing. Switches while it runs.</source>
        <translation>Para un programa ejecutado con Node: etiquetar y cronometrar cada callback que ejecuta (por defecto), o marcar solo las fases del bucle, lo que al programa casi no le cuesta nada. Cambia mientras se ejecuta.</translation>
    </message>
    <message>
        <source>Follow &amp;child processes (Node.js program)</source>
        <translation>Seguir los procesos &amp;hijos (programa Node.js)</translation>
    </message>
    <message>
        <source>For the next program run with Node: record its forks, cluster workers and child node processes too, each as a process of its own in the saved recording. Their environment then carries the probe&apos;s NODE_OPTIONS.</source>
        <translation>Para el próximo programa ejecutado con Node: registra también sus fork, workers de cluster y procesos node hijos, cada uno como un proceso propio en la grabación guardada. Su entorno lleva entonces el NODE_OPTIONS de la sonda.</translation>
    </message>
    <message>
        <source>Run with Node.js</source>
        <translation>Ejecutar con Node.js</translation>
    </message>
    <message>
        <source>▶ node %1, with LoopScope&apos;s probe inside</source>
        <translation>▶ node %1, con la sonda de LoopScope dentro</translation>
    </message>
    <message>
        <source>Attach to a running Node.js process</source>
        <translation>Conectar a un proceso de Node.js en ejecución</translation>
    </message>
    <message>
        <source>▶ process %1, attached as it runs; its output stays its own</source>
        <translation>▶ proceso %1, conectado mientras se ejecuta; su salida sigue siendo suya</translation>
    </message>
    <message>
        <source>the pending, idle and prepare phases&apos; durations</source>
        <translation>la duración de las fases pending, idle y prepare</translation>
    </message>
    <message>
        <source>the microtask queue&apos;s length</source>
        <translation>la longitud de la cola de microtareas</translation>
    </message>
    <message>
        <source>the JavaScript queues&apos; contents</source>
        <translation>el contenido de las colas de JavaScript</translation>
    </message>
    <message>
        <source>the thread pool (%1)</source>
        <translation>el grupo de hilos (%1)</translation>
    </message>
    <message>
        <source>■ LoopScope could not attach: %1</source>
        <translation>■ LoopScope no pudo conectarse: %1</translation>
    </message>
    <message>
        <source>■ node could not start: %1</source>
        <translation>■ node no pudo arrancar: %1</translation>
    </message>
    <message>
        <source>■ detached from %1, which runs on as before</source>
        <translation>■ desconectado de %1, que sigue ejecutándose como antes</translation>
    </message>
    <message>
        <source>■ %1 was ended by signal %2</source>
        <translation>■ %1 terminó por la señal %2</translation>
    </message>
    <message>
        <source>■ %1 exited with code %2</source>
        <translation>■ %1 terminó con el código %2</translation>
    </message>
    <message>
        <source>■ the probe&apos;s recording is incomplete: %1</source>
        <translation>■ la grabación de la sonda está incompleta: %1</translation>
    </message>
    <message>
        <source>child process %1 (%2)</source>
        <translation>proceso hijo %1 (%2)</translation>
    </message>
    <message>
        <source>■ %1 still ran when %2 ended: LoopScope ended it</source>
        <translation>■ %1 seguía en marcha cuando %2 terminó: LoopScope lo terminó</translation>
    </message>
    <message>
        <source>■ %1 ended without saying how (killed by a signal?)</source>
        <translation>■ %1 terminó sin decir cómo (¿lo mató una señal?)</translation>
    </message>
    <message>
        <source>The child processes&apos; recordings are written with this one (File &gt; Export trace…), each as a process of its own</source>
        <translation>Las grabaciones de los procesos hijos se escriben con esta (Archivo &gt; Exportar traza…), cada una como un proceso propio</translation>
    </message>
    <message>
        <source>Not seen by the probe: %1</source>
        <translation>La sonda no ve: %1</translation>
    </message>
</context>
<context>
    <name>AttachProcessDialog</name>
    <message>
        <source>Attach to a running Node.js process</source>
        <translation>Conectar a un proceso de Node.js en ejecución</translation>
    </message>
    <message>
        <source>LoopScope opens the process&apos;s inspector on 127.0.0.1 for as long as it takes to load its probe, then closes it again. Detaching takes the probe out; the program runs on as before.</source>
        <translation>LoopScope abre el inspector del proceso en 127.0.0.1 solo el tiempo que tarda en cargar su sonda y luego lo vuelve a cerrar. Al desconectar se retira la sonda; el programa sigue como antes.</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Command line</source>
        <translation>Línea de órdenes</translation>
    </message>
    <message>
        <source>Ports</source>
        <translation>Puertos</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Conectar</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Actualizar</translation>
    </message>
</context>
<context>
    <name>BlockFlameView</name>
    <message>
        <source>No callback has blocked the loop past the probe&apos;s threshold: no stack was sampled.</source>
        <translation>Ningún callback ha bloqueado el bucle más allá del umbral de la sonda: no se ha muestreado ninguna pila.</translation>
    </message>
    <message>
        <source>Blocking now: %L1 samples (about %L2 ms), one every %L3 ms</source>
        <translation>Bloqueando ahora: %L1 muestras (unos %L2 ms), una cada %L3 ms</translation>
    </message>
    <message>
        <source>Blocked: %L1 samples (about %L2 ms), one every %L3 ms</source>
        <translation>Bloqueó: %L1 muestras (unos %L2 ms), una cada %L3 ms</translation>
    </message>
    <message>
        <source>%1
%L2 samples (about %L3 ms), %L4 of them in this function itself</source>
        <translation>%1
%L2 muestras (unos %L3 ms), %L4 de ellas en esta misma función</translation>
    </message>
    <message numerus="yes">
        <source>%1 · and %n caller(s) above it</source>
        <translation>
            <numerusform>%1 · y %n llamador por encima</numerusform>
            <numerusform>%1 · y %n llamadores por encima</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Every sample also ran through the %n frame(s) of Node.js or packages that called it, shown in this one row.</source>
        <translation>
            <numerusform>Cada muestra pasó también por el %n marco de Node.js o de paquetes que lo llamó, mostrado en esta misma fila.</numerusform>
            <numerusform>Cada muestra pasó también por los %n marcos de Node.js o de paquetes que lo llamaron, mostrados en esta misma fila.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>LoopScope runs a real libuv event loop and shows, live, what Node.js does with timers, immediates, nextTicks, promises and the thread pool.</source>
        <translation>LoopScope ejecuta un bucle de eventos real de libuv y muestra en directo qué hace Node.js con temporizadores, inmediatos, nextTicks, promesas y el grupo de hilos.</translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation>Muestra esta ayuda y sale.</translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation>Muestra la versión y sale.</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>NOMBRE</translation>
    </message>
    <message>
        <source>Load the program FILE.</source>
        <translation>Carga el programa del archivo ARCHIVO.</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>ARCHIVO</translation>
    </message>
    <message>
        <source>Override a declared program parameter (repeatable).</source>
        <translation>Sustituye un parámetro declarado del programa (se puede repetir).</translation>
    </message>
    <message>
        <source>KEY=VALUE</source>
        <translation>CLAVE=VALOR</translation>
    </message>
    <message>
        <source>List the built-in scenarios and exit.</source>
        <translation>Lista los escenarios integrados y sale.</translation>
    </message>
    <message>
        <source>Print the equivalent Node.js script and exit.</source>
        <translation>Imprime el script de Node.js equivalente y sale.</translation>
    </message>
    <message>
        <source>Size of the libuv thread pool, 1 to 1024 (default: UV_THREADPOOL_SIZE, else 4).</source>
        <translation>Tamaño del grupo de hilos de libuv, de 1 a 1024 (por defecto: UV_THREADPOOL_SIZE o, si no está definido, 4).</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>User-interface language: en, es or be.</source>
        <translation>Idioma de la interfaz: en, es o be.</translation>
    </message>
    <message>
        <source>CODE</source>
        <translation>CÓDIGO</translation>
    </message>
    <message>
        <source>PATH</source>
        <translation>RUTA</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>argumento inesperado &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--scenario and --program cannot be used together</source>
        <translation>--scenario y --program no se pueden usar juntos</translation>
    </message>
    <message>
        <source>--timeout-ms must be a whole number from 1 to 86400000, not &apos;%1&apos;</source>
        <translation>--timeout-ms debe ser un número entero de 1 a 86400000, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--threadpool-size must be a whole number from 1 to 1024, not &apos;%1&apos;</source>
        <translation>--threadpool-size debe ser un número entero de 1 a 1024, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--lang must be one of en, es, be, not &apos;%1&apos;</source>
        <translation>--lang debe ser en, es o be, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--set expects KEY=VALUE, not &apos;%1&apos;</source>
        <translation>--set espera CLAVE=VALOR, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--emit-js needs --scenario or --program</source>
        <translation>--emit-js necesita --scenario o --program</translation>
    </message>
    <message>
        <source>--headless needs --scenario or --program</source>
        <translation>--headless necesita --scenario o --program</translation>
    </message>
    <message>
        <source>--compare-node needs --scenario or --program</source>
        <translation>--compare-node necesita --scenario o --program</translation>
    </message>
    <message>
        <source>--%1 is given more than once</source>
        <translation>--%1 se ha indicado más de una vez</translation>
    </message>
    <message>
        <source>--trace would overwrite the program &apos;%1&apos;</source>
        <translation>--trace sobrescribiría el programa &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--csv would overwrite the program &apos;%1&apos;</source>
        <translation>--csv sobrescribiría el programa &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--trace and --csv name the same file &apos;%1&apos;</source>
        <translation>--trace y --csv indican el mismo archivo &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Write latency samples as CSV to FILE; with the window, like --trace.</source>
        <translation>Escribe las muestras de latencia como CSV en ARCHIVO; con la ventana, como --trace.</translation>
    </message>
    <message>
        <source>Print a summary of the run (with the window: when it closes) on stderr.</source>
        <translation>Imprime un resumen de la ejecución en stderr (con la ventana: cuando se cierra).</translation>
    </message>
    <message>
        <source>MB</source>
        <translation>MB</translation>
    </message>
    <message>
        <source>Largest trace file to write, in MB (default 512); past it events are left out and the trace says it was truncated.</source>
        <translation>Tamaño máximo del archivo de traza, en MB (por defecto 512); si se supera, se omiten eventos y la traza indica que se truncó.</translation>
    </message>
    <message>
        <source>--memory-budget must be a whole number of MB from 16 to 1048576, not &apos;%1&apos;</source>
        <translation>--memory-budget debe ser un número entero de MB de 16 a 1048576, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--max-trace-mb must be a whole number of MB from 1 to 1048576, not &apos;%1&apos;</source>
        <translation>--max-trace-mb debe ser un número entero de MB de 1 a 1048576, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>A program to load or a recording to open, told apart by what the file holds (the desktop entry&apos;s %f).</source>
        <translation>Un programa que cargar o una grabación que abrir, según lo que contenga el archivo (el %f de la entrada de escritorio).</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;: a file cannot be named with --scenario, --program or --open</source>
        <translation>argumento inesperado &apos;%1&apos;: no se puede indicar un archivo junto con --scenario, --program o --open</translation>
    </message>
    <message>
        <source>--trace would overwrite the recording &apos;%1&apos;</source>
        <translation>--trace sobrescribiría la grabación &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--csv would overwrite the recording &apos;%1&apos;</source>
        <translation>--csv sobrescribiría la grabación &apos;%1&apos;</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1: no existe el archivo</translation>
    </message>
    <message>
        <source>--startup-gap-us must be a whole number from 0 to 100000, not &apos;%1&apos;</source>
        <translation>--startup-gap-us debe ser un número entero de 0 a 100000, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>The time Node.js spends where LoopScope takes microseconds (the first console.log, a worker&apos;s start-up, the start-up gap), in percent of what was measured against Node 20 (default 100; 0: none, 0 to 1000). It decides races such as setTimeout(0) against setImmediate. See docs/FIDELITY.md.</source>
        <translation>El tiempo que Node.js gasta donde LoopScope tarda microsegundos (el primer console.log, el arranque de un worker, la pausa de arranque), en porcentaje de lo medido con Node 20 (por defecto 100; 0: nada, de 0 a 1000). Decide carreras como setTimeout(0) contra setImmediate. Véase docs/FIDELITY.md.</translation>
    </message>
    <message>
        <source>PERCENT</source>
        <translation>PORCENTAJE</translation>
    </message>
    <message>
        <source>--node-costs must be a whole number of percent from 0 to 1000, not &apos;%1&apos;</source>
        <translation>--node-costs debe ser un número entero de porcentaje de 0 a 1000, no «%1»</translation>
    </message>
    <message>
        <source>Write a picture of the run as PNG to FILE: of the window when it closes, or with --headless when the run ends.</source>
        <translation>Escribe una imagen de la ejecución como PNG en FILE: de la ventana al cerrarse o, con --headless, cuando la ejecución termina.</translation>
    </message>
    <message>
        <source>As --png, as SVG with vector shapes and text (for slides).</source>
        <translation>Como --png, en SVG con formas y texto vectoriales (para diapositivas).</translation>
    </message>
    <message>
        <source>Write a one-page PDF report of the run (program, console, circle, latency chart, summary) to FILE.</source>
        <translation>Escribe en FILE un informe PDF de una página sobre la ejecución (programa, consola, círculo, gráfico de latencia, resumen).</translation>
    </message>
    <message>
        <source>Pictures show the moment MS milliseconds into the recording, as the playhead does (default: its end).</source>
        <translation>Las imágenes muestran el instante a MS milisegundos de la grabación, como el cabezal de reproducción (por defecto: su final).</translation>
    </message>
    <message>
        <source>MS</source>
        <translation>MS</translation>
    </message>
    <message>
        <source>--view must be one of window, circle, chart, timeline, not &apos;%1&apos;</source>
        <translation>--view debe ser window, circle, chart o timeline, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--at must be a number of milliseconds from 0, not &apos;%1&apos;</source>
        <translation>--at debe ser un número de milisegundos desde 0, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--at needs --png, --svg or --pdf</source>
        <translation>--at necesita --png, --svg o --pdf</translation>
    </message>
    <message>
        <source>a picture would overwrite &apos;%1&apos;</source>
        <translation>una imagen sobrescribiría &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--headless with the recording &apos;%1&apos; needs --summary, --trace, --csv or a picture</source>
        <translation>--headless con la grabación &apos;%1&apos; necesita --summary, --trace, --csv o una imagen</translation>
    </message>
    <message>
        <source>--headless --open needs --summary, --trace, --csv or a picture</source>
        <translation>--headless --open necesita --summary, --trace, --csv o una imagen</translation>
    </message>
    <message>
        <source>Run the program N times without a window (1 to 10000) and print on stderr how often each output came: a race shows both its outcomes. stdout carries the first run&apos;s output.</source>
        <translation>Ejecuta el programa N veces sin ventana (de 1 a 10000) e imprime en stderr con qué frecuencia salió cada salida: una carrera muestra sus dos desenlaces. stdout lleva la salida de la primera ejecución.</translation>
    </message>
    <message>
        <source>--repeat must be a whole number from 1 to 10000, not &apos;%1&apos;</source>
        <translation>--repeat debe ser un número entero de 1 a 10000, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--repeat counts outputs only: it cannot be combined with --trace, --csv, --summary, --compare-node or a picture</source>
        <translation>--repeat solo cuenta salidas: no se puede combinar con --trace, --csv, --summary, --compare-node ni una imagen</translation>
    </message>
    <message>
        <source>--repeat needs --scenario or --program</source>
        <translation>--repeat necesita --scenario o --program</translation>
    </message>
    <message>
        <source>What the queues and the recording may hold in memory, in MB (default 512). Past it the recording spills to a temporary file (up to 16 times as much) and the run goes on; queues that outgrow it abort the run cleanly.</source>
        <translation>Lo que las colas y la grabación pueden ocupar en memoria, en MB (por defecto 512). Por encima, la grabación se vuelca a un archivo temporal (hasta 16 veces esa cantidad) y la ejecución sigue; las colas que lo superan abortan la ejecución limpiamente.</translation>
    </message>
    <message>
        <source>Past --memory-budget, let go of the oldest events instead of spilling them to disk: the run goes on however long, and the recording keeps its latest part (the trace counts what was let go as droppedEvents). With the window: for this session; the Loop menu remembers a choice.</source>
        <translation>Por encima de --memory-budget, descartar los eventos más antiguos en lugar de volcarlos al disco: la ejecución sigue el tiempo que haga falta y la grabación conserva su parte más reciente (la traza cuenta lo descartado como droppedEvents). Con la ventana: para esta sesión; el menú Bucle recuerda la elección.</translation>
    </message>
    <message>
        <source>SCRIPT</source>
        <translation>SCRIPT</translation>
    </message>
    <message>
        <source>--attach runs a Node.js program of its own: it cannot be combined with --scenario, --program, --open, --repeat, --emit-js or --compare-node</source>
        <translation>--attach ejecuta un programa Node.js propio: no se puede combinar con --scenario, --program, --open, --repeat, --emit-js ni --compare-node</translation>
    </message>
    <message>
        <source>--attach cannot draw pictures yet: use --trace, --csv or --summary</source>
        <translation>--attach aún no puede dibujar imágenes: usa --trace, --csv o --summary</translation>
    </message>
    <message>
        <source>With --emit-js: the script also runs the program&apos;s probes as Node&apos;s perf_hooks measure them (monitorEventLoopDelay, a /health prober on a worker thread) and prints their figures on stderr at exit, one line starting &apos;loopscope-figures&apos;, to compare with --summary&apos;s.</source>
        <translation>Con --emit-js: el script también ejecuta las sondas del programa tal como las miden los perf_hooks de Node (monitorEventLoopDelay, una sonda de /health en un hilo worker) e imprime sus cifras en stderr al salir, en una línea que empieza por &apos;loopscope-figures&apos;, para compararlas con las de --summary.</translation>
    </message>
    <message>
        <source>--with-figures goes with --emit-js</source>
        <translation>--with-figures va con --emit-js</translation>
    </message>
    <message>
        <source>Headless: abort the run after N ms of wall time (default 60000; with --attach, only when given: the program is then ended and the run exits 3).</source>
        <translation>Sin ventana: aborta la ejecución tras N ms de tiempo real (60000 por defecto; con --attach, solo si se indica: entonces se termina el programa y la ejecución sale con 3).</translation>
    </message>
    <message>
        <source>The Node.js executable that --attach runs and --compare-node compares with: a path, or a name looked up in PATH (default node; Node.js 18 to 24).</source>
        <translation>El ejecutable de Node.js que --attach ejecuta y con el que --compare-node compara: una ruta, o un nombre que se busca en PATH (node por defecto; Node.js 18 a 24).</translation>
    </message>
    <message>
        <source>Run the Node.js program SCRIPT with LoopScope&apos;s probe and record its real event loop: its phases, callbacks and their kinds. The rest of the line is the program&apos;s arguments. The window shows it live, its output in the console; with --headless its input, output and exit status stay its own, and LoopScope exits with its status. --trace, --csv and --summary write the recording when it ends.</source>
        <translation>Ejecuta el programa de Node.js SCRIPT con la sonda de LoopScope y graba su bucle de eventos real: sus fases, sus callbacks y de qué tipo son. El resto de la línea son los argumentos del programa. La ventana lo muestra en directo, con su salida en la consola; con --headless su entrada, su salida y su código de salida siguen siendo suyos, y LoopScope sale con su código. --trace, --csv y --summary escriben la grabación cuando termina.</translation>
    </message>
    <message>
        <source>MODE</source>
        <translation>MODO</translation>
    </message>
    <message>
        <source>With --attach --headless: let the program run on when LoopScope ends (SIGTERM, SIGHUP, SIGINT, --timeout-ms, or LoopScope killed); the recording so far is written. By default the program is ended with LoopScope (SIGTERM, then SIGKILL two seconds later), then the recording is written; LoopScope exits with 128 + the signal it got, or 3 for --timeout-ms.</source>
        <translation>Con --attach --headless: deja que el programa siga ejecutándose cuando LoopScope termina (SIGTERM, SIGHUP, SIGINT, --timeout-ms, o LoopScope matado); se escribe la grabación hasta ese momento. Por defecto el programa termina con LoopScope (SIGTERM y, dos segundos después, SIGKILL) y luego se escribe la grabación; LoopScope sale con 128 + la señal que recibió, o con 3 por --timeout-ms.</translation>
    </message>
    <message>
        <source>--probe must be markers or callbacks, not &apos;%1&apos;</source>
        <translation>--probe debe ser markers o callbacks, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--detach needs --headless: the window&apos;s console takes the program&apos;s output, which would have nowhere to go once the window closed</source>
        <translation>--detach necesita --headless: la consola de la ventana recoge la salida del programa, que no tendría adónde ir una vez cerrada la ventana</translation>
    </message>
    <message>
        <source>--detach goes with --attach</source>
        <translation>--detach va con --attach</translation>
    </message>
    <message>
        <source>With --attach: give node OPTION before the script, as `node OPTION SCRIPT` would (--expose-gc, --stack-size=500, --expose-internals); once per option, in order. Write it --node-option=OPTION when OPTION begins with a dash. The program&apos;s process.execArgv is these options, as without the probe.</source>
        <translation>Con --attach: pasa a node OPCIÓN antes del script, como haría `node OPCIÓN SCRIPT` (--expose-gc, --stack-size=500, --expose-internals); una vez por opción, en orden. Escríbelo --node-option=OPCIÓN cuando OPCIÓN empiece por un guion. El process.execArgv del programa son estas opciones, como sin la sonda.</translation>
    </message>
    <message>
        <source>OPTION</source>
        <translation>OPCIÓN</translation>
    </message>
    <message>
        <source>--node-option goes with --attach</source>
        <translation>--node-option va con --attach</translation>
    </message>
    <message>
        <source>Usage</source>
        <translation>Uso</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumentos</translation>
    </message>
    <message>
        <source>Exit status</source>
        <translation>Código de salida</translation>
    </message>
    <message>
        <source>The manual page loopscope(1) says more, with examples.</source>
        <translation>La página de manual loopscope(1) dice más, con ejemplos.</translation>
    </message>
    <message>
        <source>Without a window: run one program to the end (--scenario, --program), run a Node.js program (--attach), or read a recording (--open or FILE). stdout carries only the program&apos;s output.</source>
        <translation>Sin ventana: ejecuta un programa hasta el final (--scenario, --program), ejecuta un programa de Node.js (--attach) o lee una grabación (--open o ARCHIVO). stdout lleva solo la salida del programa.</translation>
    </message>
    <message>
        <source>Load the built-in scenario NAME (see --list-scenarios).</source>
        <translation>Carga el escenario integrado NOMBRE (véase --list-scenarios).</translation>
    </message>
    <message>
        <source>Also run the emitted script in Node.js and compare the outputs: exit 0 when they agree, 4 when they differ.</source>
        <translation>Ejecuta además el script generado en Node.js y compara las salidas: sale con 0 si coinciden, 4 si difieren.</translation>
    </message>
    <message>
        <source>Write the recorded timeline to FILE (Chrome trace JSON; gzip-compressed when FILE ends in .json.gz). With the window: of the session it shows when it closes or the process gets SIGTERM, SIGINT or SIGHUP (the last run, or the idle loop with its workloads).</source>
        <translation>Escribe la línea de tiempo grabada en ARCHIVO (JSON de trazas de Chrome; comprimido con gzip si ARCHIVO termina en .json.gz). Con la ventana: la de la sesión que muestra, cuando se cierra o el proceso recibe SIGTERM, SIGINT o SIGHUP (la última ejecución, o el bucle inactivo con sus cargas de trabajo).</translation>
    </message>
    <message>
        <source>Open the recording FILE (.json or .json.gz) for replay; with --headless, print its summary (--summary) or write it again (--trace, --csv, a picture).</source>
        <translation>Abre la grabación ARCHIVO (.json o .json.gz) para reproducirla; con --headless, imprime su resumen (--summary) o la vuelve a escribir (--trace, --csv, una imagen).</translation>
    </message>
    <message>
        <source>success</source>
        <translation>éxito</translation>
    </message>
    <message>
        <source>internal error, or an output that could not be written</source>
        <translation>error interno, o una salida que no se pudo escribir</translation>
    </message>
    <message>
        <source>bad input: a flag, a program or a recording, with one line on stderr naming the file and, for JSON, line and column</source>
        <translation>entrada incorrecta: una opción, un programa o una grabación, con una línea en stderr que nombra el archivo y, para JSON, la línea y la columna</translation>
    </message>
    <message>
        <source>aborted (--timeout-ms, Ctrl-C or SIGTERM), the trace still written and marked aborted</source>
        <translation>abortado (--timeout-ms, Ctrl-C o SIGTERM); la traza se escribe igualmente, marcada como abortada</translation>
    </message>
    <message>
        <source>--compare-node found a difference</source>
        <translation>--compare-node encontró una diferencia</translation>
    </message>
    <message>
        <source>--attach SCRIPT [ARGS...]</source>
        <translation>--attach SCRIPT [ARGUMENTOS...]</translation>
    </message>
    <message>
        <source>General</source>
        <translation>General</translation>
    </message>
    <message>
        <source>Running a program</source>
        <translation>Ejecutar un programa</translation>
    </message>
    <message>
        <source>Node.js</source>
        <translation>Node.js</translation>
    </message>
    <message>
        <source>Recordings</source>
        <translation>Grabaciones</translation>
    </message>
    <message>
        <source>Pictures</source>
        <translation>Imágenes</translation>
    </message>
    <message>
        <source>Memory and timing</source>
        <translation>Memoria y tiempos</translation>
    </message>
    <message>
        <source>--follow-children goes with --attach</source>
        <translation>--follow-children va con --attach</translation>
    </message>
    <message>
        <source>With --attach: also record the program&apos;s child node processes (forks, cluster workers, node run by a shell), each as a process of its own, with its own tracks in the trace and its own part of the summary. They are reached through the environment: NODE_OPTIONS requires the probe and LOOPSCOPE_PROBE_CHILDREN names LoopScope&apos;s socket, both left in the program&apos;s environment for its children to inherit. A child started with an environment of its own is not followed.</source>
        <translation>Con --attach: registra también los procesos node hijos del programa (fork, workers de cluster, node lanzado desde un shell), cada uno como un proceso propio, con sus propias pistas en la traza y su propia parte del resumen. Les llega por el entorno: NODE_OPTIONS carga la sonda y LOOPSCOPE_PROBE_CHILDREN nombra el socket de LoopScope, y ambas quedan en el entorno del programa para que sus hijos las hereden. Un hijo lanzado con un entorno propio no se sigue.</translation>
    </message>
    <message>
        <source>--view needs --png, --svg or --animation</source>
        <translation>--view necesita --png, --svg o --animation</translation>
    </message>
    <message>
        <source>--%1 must be a number of milliseconds from 0, not &apos;%2&apos;</source>
        <translation>--%1 debe ser un número de milisegundos desde 0, no &apos;%2&apos;</translation>
    </message>
    <message>
        <source>--speed must be a number from 0.01 to 10, not &apos;%1&apos;</source>
        <translation>--speed debe ser un número de 0.01 a 10, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--fps must be a whole number from 1 to 50, not &apos;%1&apos;</source>
        <translation>--fps debe ser un número entero de 1 a 50, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--%1 needs --animation</source>
        <translation>--%1 necesita --animation</translation>
    </message>
    <message>
        <source>--to must come after --from</source>
        <translation>--to debe ir después de --from</translation>
    </message>
    <message>
        <source>What --png, --svg and --animation show: window (default), circle, chart or timeline.</source>
        <translation>Lo que muestran --png, --svg y --animation: window (por defecto), circle, chart o timeline.</translation>
    </message>
    <message>
        <source>Write an animation of the recording replayed to FILE, as GIF (.gif) or animated WebP (.webp, every colour, smaller): --view drawn frame by frame from --from to --to at --speed, --fps frames a second.</source>
        <translation>Escribe en ARCHIVO una animación de la grabación reproducida, como GIF (.gif) o WebP animado (.webp, todos los colores, más pequeño): --view dibujada fotograma a fotograma de --from a --to a --speed, --fps fotogramas por segundo.</translation>
    </message>
    <message>
        <source>Where --animation starts, in milliseconds of the recording (default: its start).</source>
        <translation>Dónde empieza --animation, en milisegundos de la grabación (por defecto: su inicio).</translation>
    </message>
    <message>
        <source>Where --animation ends: its last frame (default: the recording&apos;s end).</source>
        <translation>Dónde termina --animation: su último fotograma (por defecto: el final de la grabación).</translation>
    </message>
    <message>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <source>How fast --animation replays, 0.01 to 10 (default 0.1: a millisecond of the program lasts ten).</source>
        <translation>A qué velocidad reproduce --animation, de 0.01 a 10 (por defecto 0.1: un milisegundo del programa dura diez).</translation>
    </message>
    <message>
        <source>Frames a second of --animation, 1 to 50 (default 10). Past 1000 frames they are spread over the range and each shows longer, which is said on stderr.</source>
        <translation>Fotogramas por segundo de --animation, de 1 a 50 (por defecto 10). Pasados 1000 fotogramas, se reparten por el intervalo y cada uno se muestra más tiempo, lo que se dice en stderr.</translation>
    </message>
    <message>
        <source>--attach-pid needs a process id, not &apos;%1&apos;</source>
        <translation>--attach-pid necesita un id de proceso, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--attach-pid watches a process that runs already: it cannot be combined with --attach, --scenario, --program, --open, --repeat, --emit-js or --compare-node</source>
        <translation>--attach-pid observa un proceso que ya se está ejecutando: no se puede combinar con --attach, --scenario, --program, --open, --repeat, --emit-js ni --compare-node</translation>
    </message>
    <message>
        <source>--attach-pid cannot draw pictures yet: use --trace, --csv or --summary</source>
        <translation>--attach-pid todavía no puede dibujar imágenes: use --trace, --csv o --summary</translation>
    </message>
    <message>
        <source>--node-option, --detach and --follow-children go with --attach: a process attached to by --attach-pid runs as it was started, and is always left running</source>
        <translation>--node-option, --detach y --follow-children van con --attach: un proceso al que se conecta --attach-pid se ejecuta tal como se inició y siempre se deja en ejecución</translation>
    </message>
    <message>
        <source>--probe goes with --attach or --attach-pid</source>
        <translation>--probe va con --attach o --attach-pid</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Attach to the Node.js process PID as it runs, without a restart, as `node inspect -p PID` reaches it: LoopScope opens its inspector on 127.0.0.1 (SIGUSR1) for as long as it takes to load the probe, then closes it again, and records the main thread&apos;s loop. The window shows it live; with --headless, SIGINT, SIGTERM, SIGHUP or --timeout-ms end the watch by detaching: the probe takes out every hook it put in, the program runs on, and --trace, --csv and --summary are written. A process that cannot be attached to is said so in one line (exit 2).</source>
        <translation>Se conecta al proceso de Node.js PID mientras se ejecuta, sin reiniciarlo, como lo alcanza `node inspect -p PID`: LoopScope abre su inspector en 127.0.0.1 (SIGUSR1) solo el tiempo que tarda en cargar la sonda, lo vuelve a cerrar y registra el bucle del hilo principal. La ventana lo muestra en vivo; con --headless, SIGINT, SIGTERM, SIGHUP o --timeout-ms terminan la observación desconectándose: la sonda retira todos los hooks que puso, el programa sigue y se escriben --trace, --csv y --summary. De un proceso al que no es posible conectarse se dice en una línea (salida 2).</translation>
    </message>
    <message>
        <source>With --attach or --attach-pid: the probe labels and times every callback the program runs (callbacks, the default), or marks its loops&apos; phases only (markers), which costs the program next to nothing; on every loop, its worker threads&apos; too. The window switches it while the program runs (Loop &gt; Label every callback).</source>
        <translation>Con --attach o --attach-pid: la sonda etiqueta y cronometra cada callback que ejecuta el programa (callbacks, por defecto), o solo marca las fases de sus bucles (markers), lo que al programa casi no le cuesta nada; en todos los bucles, también los de sus worker threads. La ventana lo cambia mientras el programa se ejecuta (Bucle &gt; Etiquetar cada callback).</translation>
    </message>
    <message>
        <source>--calibration-runs must be a whole number from 1 to 1000, not &apos;%1&apos;</source>
        <translation>--calibration-runs debe ser un número entero de 1 a 1000, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--calibration-runs goes with --calibrate-node</source>
        <translation>--calibration-runs va con --calibrate-node</translation>
    </message>
    <message>
        <source>--calibrate-node runs Node.js alone: it cannot be combined with --scenario, --program, --open, --repeat, --emit-js or --compare-node</source>
        <translation>--calibrate-node solo ejecuta Node.js: no se puede combinar con --scenario, --program, --open, --repeat, --emit-js ni --compare-node</translation>
    </message>
    <message>
        <source>Node&apos;s time from the main module&apos;s drain to the first timers phase, in microseconds (default: this machine&apos;s calibration, else 0, measured against Node 20; 0 to 100000).</source>
        <translation>El tiempo de Node desde el vaciado de colas del módulo principal hasta la primera fase de temporizadores, en microsegundos (por defecto: la calibración de esta máquina o, si no hay, 0, medido con Node 20; de 0 a 100000).</translation>
    </message>
    <message>
        <source>With --calibrate-node: fresh node processes per figure (default 15, 1 to 1000; main-race runs ten times as often).</source>
        <translation>Con --calibrate-node: procesos nuevos de node por cifra (por defecto 15, de 1 a 1000; main-race se ejecuta diez veces más).</translation>
    </message>
    <message>
        <source>--block-ms must be a whole number of ms from 0 to 3600000, not &apos;%1&apos;</source>
        <translation>--block-ms debe ser un número entero de ms de 0 a 3600000, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--block-ms goes with --attach</source>
        <translation>--block-ms va con --attach</translation>
    </message>
    <message>
        <source>With --attach: while a callback of the program&apos;s main loop runs longer than MS ms (default 50; 0: never), the probe samples its JavaScript stack every 2 ms. --summary lists the functions that blocked longest, the trace keeps the stacks and the window shows them beside the timeline.</source>
        <translation>Con --attach: mientras un callback del bucle principal del programa dura más de MS ms (50 por defecto; 0: nunca), la sonda muestrea su pila de JavaScript cada 2 ms. --summary enumera las funciones que más tiempo bloquearon, la traza guarda las pilas y la ventana las muestra junto a la línea de tiempo.</translation>
    </message>
    <message>
        <source>Measure on this machine what Node.js (--node) spends where LoopScope models start-up costs (the first console.log, setTimeout&apos;s and setImmediate&apos;s first use, the start-up gap, a worker&apos;s first line, a console.log line, by which every line&apos;s cost is scaled), print it on stderr and keep it in the settings: every run afterwards, in the window and without it, models this machine&apos;s Node. --calibration-runs sets how many processes each figure takes. See docs/FIDELITY.md.</source>
        <translation>Mide en esta máquina lo que Node.js (--node) gasta donde LoopScope modela costes de arranque (el primer console.log, el primer uso de setTimeout y de setImmediate, la pausa de arranque, la primera línea de un worker, una línea de console.log, por la que se escala el coste de cada línea), lo imprime en stderr y lo guarda en la configuración: cada ejecución posterior, con ventana o sin ella, modela el Node de esta máquina. --calibration-runs fija cuántos procesos lleva cada cifra. Véase docs/FIDELITY.md.</translation>
    </message>
</context>
<context>
    <name>ComparisonRuns</name>
    <message>
        <source>ES module</source>
        <translation>Módulo ES</translation>
    </message>
    <message>
        <source>CommonJS</source>
        <translation>CommonJS</translation>
    </message>
    <message>
        <source>Node 10&apos;s await</source>
        <translation>await de Node 10</translation>
    </message>
    <message>
        <source>pool of %1</source>
        <translation>grupo de %1 hilos</translation>
    </message>
    <message>
        <source>No temporary folder for the runs: %1</source>
        <translation>No hay carpeta temporal para las ejecuciones: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>no such scenario</source>
        <translation>no existe ese escenario</translation>
    </message>
    <message>
        <source>%1: LoopScope could not be started (%2)</source>
        <translation>%1: no se pudo iniciar LoopScope (%2)</translation>
    </message>
    <message>
        <source>%1: the run wrote no recording (exit status %2). %3</source>
        <translation>%1: la ejecución no escribió ninguna grabación (estado de salida %2). %3</translation>
    </message>
</context>
<context>
    <name>ComparisonWindow</name>
    <message>
        <source>setTimeout(0) or setImmediate: CommonJS against an ES module</source>
        <translation>setTimeout(0) o setImmediate: CommonJS frente a un módulo ES</translation>
    </message>
    <message>
        <source>nextTick or a promise: CommonJS against an ES module</source>
        <translation>nextTick o una promesa: CommonJS frente a un módulo ES</translation>
    </message>
    <message>
        <source>await: Node 10&apos;s three ticks against Node 12&apos;s one</source>
        <translation>await: los tres ticks de Node 10 frente al único de Node 12</translation>
    </message>
    <message>
        <source>A full thread pool: four threads against eight</source>
        <translation>Un grupo de hilos lleno: cuatro hilos frente a ocho</translation>
    </message>
    <message>
        <source>A report inline against in chunks</source>
        <translation>Un informe de una sola vez frente a por partes</translation>
    </message>
    <message>
        <source>A report in chunks against in a worker</source>
        <translation>Un informe por partes frente a en un worker</translation>
    </message>
    <message>
        <source>Starving a timer: nextTick against setImmediate</source>
        <translation>Dejar sin turno a un temporizador: nextTick frente a setImmediate</translation>
    </message>
    <message>
        <source>Yielding between steps: setTimeout(0) against setImmediate</source>
        <translation>Ceder entre pasos: setTimeout(0) frente a setImmediate</translation>
    </message>
    <message>
        <source>Blocking the loop: JSON.parse against pbkdf2Sync</source>
        <translation>Bloquear el bucle: JSON.parse frente a pbkdf2Sync</translation>
    </message>
    <message>
        <source>Compare two runs — LoopScope</source>
        <translation>Comparar dos ejecuciones — LoopScope</translation>
    </message>
    <message>
        <source>The comparisons the articles make: pick one to set both sides as it compares them.</source>
        <translation>Las comparaciones que hacen los artículos: elige una para preparar los dos lados tal como los compara.</translation>
    </message>
    <message>
        <source>Run both</source>
        <translation>Ejecutar ambos</translation>
    </message>
    <message>
        <source>Runs the left side, then the right, each to its end in a LoopScope process of its own (a thread pool has the size its process starts with). (%1)</source>
        <translation>Ejecuta el lado izquierdo y después el derecho, cada uno hasta el final en un proceso de LoopScope propio (un grupo de hilos tiene el tamaño con el que empieza su proceso). (%1)</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausar</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Reproducir</translation>
    </message>
    <message>
        <source>Moves the playhead of both runs on together, from each run&apos;s start. (P)</source>
        <translation>Avanza a la vez el cabezal de las dos ejecuciones, desde el inicio de cada una. (P)</translation>
    </message>
    <message>
        <source>The moment both sides show, counted from each run&apos;s start.</source>
        <translation>El instante que muestran los dos lados, contado desde el inicio de cada ejecución.</translation>
    </message>
    <message>
        <source>CommonJS</source>
        <translation>CommonJS</translation>
    </message>
    <message>
        <source>ES module</source>
        <translation>Módulo ES</translation>
    </message>
    <message>
        <source>Runs the scenario&apos;s main module as CommonJS or as an ES module (whose body is itself a promise job).</source>
        <translation>Ejecuta el módulo principal del escenario como CommonJS o como módulo ES (cuyo cuerpo es en sí una tarea de promesa).</translation>
    </message>
    <message>
        <source>Node 12+ await</source>
        <translation>await de Node 12+</translation>
    </message>
    <message>
        <source>Node 10 await</source>
        <translation>await de Node 10</translation>
    </message>
    <message>
        <source>What an await of a native promise costs: one microtask tick since Node 12, three in Node 10.</source>
        <translation>Lo que cuesta un await de una promesa nativa: un tick de microtarea desde Node 12, tres en Node 10.</translation>
    </message>
    <message>
        <source>libuv&apos;s thread pool size for this side (UV_THREADPOOL_SIZE).</source>
        <translation>Tamaño del grupo de hilos de libuv para este lado (UV_THREADPOOL_SIZE).</translation>
    </message>
    <message>
        <source>pool </source>
        <translation>grupo </translation>
    </message>
    <message>
        <source>The built-in scenario this side runs.</source>
        <translation>El escenario incluido que ejecuta este lado.</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Línea de tiempo</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latencia</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>Consola</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Running the left side…</source>
        <translation>Ejecutando el lado izquierdo…</translation>
    </message>
    <message>
        <source>Running the right side…</source>
        <translation>Ejecutando el lado derecho…</translation>
    </message>
    <message>
        <source>Choose what each side runs, then Run both.</source>
        <translation>Elige qué ejecuta cada lado y después Ejecutar ambos.</translation>
    </message>
    <message>
        <source>The left run lasted %1, the right one %2.</source>
        <translation>La ejecución izquierda duró %1, la derecha %2.</translation>
    </message>
    <message>
        <source>Thread pool</source>
        <translation>Grupo de hilos</translation>
    </message>
</context>
<context>
    <name>ConsoleModel</name>
    <message>
        <source>An error the runtime delivered to the program.</source>
        <translation>Un error que el entorno de ejecución entregó al programa.</translation>
    </message>
    <message>
        <source>A note from LoopScope, not program output.</source>
        <translation>Una nota de LoopScope, no salida del programa.</translation>
    </message>
    <message>
        <source>console.log output, at milliseconds since the run started.</source>
        <translation>Salida de console.log, con los milisegundos transcurridos desde el inicio de la ejecución.</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Salida</translation>
    </message>
    <message numerus="yes">
        <source> … %n more characters (Copy takes the whole line)</source>
        <translation>
            <numerusform> … %n carácter más (Copiar toma la línea entera)</numerusform>
            <numerusform> … %n caracteres más (Copiar toma la línea entera)</numerusform>
        </translation>
    </message>
    <message>
        <source>Which callback printed this line is not known: an attached program wrote it between callbacks, marking the phases only, or after bytes the probe did not count (a child&apos;s) came down the same pipe.</source>
        <translation>No se sabe qué callback imprimió esta línea: un programa adjuntado la escribió entre callbacks, marcando solo las fases, o después de que llegaran por la misma tubería bytes que la sonda no contó (los de un hijo).</translation>
    </message>
    <message>
        <source>The callback this error was delivered to: %1</source>
        <translation>El callback al que se entregó este error: %1</translation>
    </message>
    <message>
        <source>Printed by the callback %1</source>
        <translation>Impreso por el callback %1</translation>
    </message>
    <message>
        <source>The callback that printed the line, by its label in the timeline.</source>
        <translation>El callback que imprimió la línea, por su etiqueta en la línea de tiempo.</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Origen</translation>
    </message>
</context>
<context>
    <name>FigureTexts</name>
    <message>
        <source>Longest callback: %1 (%2), %3</source>
        <translation>Callback más largo: %1 (%2), %3</translation>
    </message>
    <message>
        <source>Thread pool: not seen by the probe</source>
        <translation>Grupo de hilos: la sonda no lo ve</translation>
    </message>
    <message>
        <source>Thread pool: no work</source>
        <translation>Grupo de hilos: sin trabajo</translation>
    </message>
    <message>
        <source>Loop delay: no samples</source>
        <translation>Retardo del bucle: sin muestras</translation>
    </message>
    <message>
        <source>Loop delay (monitorEventLoopDelay, checks every %1 ms): p50 %2, p99 %3, max %4</source>
        <translation>Retardo del bucle (monitorEventLoopDelay, comprueba cada %1 ms): p50 %2, p99 %3, máx. %4</translation>
    </message>
    <message>
        <source>Event-loop utilisation: %L1 % over %2</source>
        <translation>Utilización del bucle de eventos: %L1 % en %2</translation>
    </message>
    <message>
        <source>Event-loop utilisation: not measured</source>
        <translation>Utilización del bucle de eventos: no medida</translation>
    </message>
    <message>
        <source>The program was ended by signal %1</source>
        <translation>El programa terminó por la señal %1</translation>
    </message>
    <message>
        <source>The program exited with status %1</source>
        <translation>El programa salió con el estado %1</translation>
    </message>
    <message>
        <source>The run was aborted</source>
        <translation>La ejecución se interrumpió</translation>
    </message>
    <message>
        <source>The main module ran %1 before the loop started: neither the delay monitor nor eventLoopUtilization sees that time, though a request waits through it.</source>
        <translation>El módulo principal se ejecutó durante %1 antes de que arrancara el bucle: ni el monitor de retardo ni eventLoopUtilization ven ese tiempo, aunque una petición lo espera entero.</translation>
    </message>
    <message>
        <source>%1 minutes</source>
        <translation>%1 minutos</translation>
    </message>
    <message>
        <source>%1 hours</source>
        <translation>%1 horas</translation>
    </message>
    <message>
        <source>Measured, each line since the one before it</source>
        <translation>Medido, cada línea desde la anterior</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Línea</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>Tardó</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Pasos</translation>
    </message>
    <message>
        <source>A step</source>
        <translation>Por paso</translation>
    </message>
    <message>
        <source>10,000,000 steps (extrapolated)</source>
        <translation>10.000.000 pasos (extrapolado)</translation>
    </message>
    <message>
        <source>The last column is an extrapolation: this run&apos;s pace a step, times ten million.</source>
        <translation>La última columna es una extrapolación: el ritmo por paso de esta ejecución, por diez millones.</translation>
    </message>
    <message>
        <source>Duration: %1, iterations: %2</source>
        <translation>Duración: %1, iteraciones: %2</translation>
    </message>
    <message>
        <source>Callbacks: %1</source>
        <translation>Callbacks: %1</translation>
    </message>
    <message>
        <source>Thread pool: %1 items, waited up to %2 (mean %3), ran up to %4</source>
        <translation>Grupo de hilos: %1 tareas, esperaron hasta %2 (media %3), corrieron hasta %4</translation>
    </message>
    <message>
        <source>/health: p50 %1, max %2, answers: %3</source>
        <translation>/health: p50 %1, máx. %2, respuestas: %3</translation>
    </message>
    <message>
        <source>The program ran %1 before its loop started (its main module, or Node loading an ES module): neither the delay monitor nor eventLoopUtilization sees that time, though a request waits through it.</source>
        <translation>El programa se ejecutó durante %1 antes de que arrancara su bucle (su módulo principal, o Node cargando un módulo ES): ni el monitor de retardo ni eventLoopUtilization ven ese tiempo, aunque una petición lo espera entero.</translation>
    </message>
    <message>
        <source>for ever</source>
        <translation>sin límite</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Poll waited (its timeout × polls): %1</source>
        <translation>Poll esperó (su timeout × llamadas): %1</translation>
    </message>
</context>
<context>
    <name>FiguresPanel</name>
    <message>
        <source>The figures of a run appear here when it ends.</source>
        <translation>Las cifras de una ejecución aparecen aquí cuando termina.</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <source>Cannot open the program</source>
        <translation>No se puede abrir el programa</translation>
    </message>
    <message>
        <source>Open program</source>
        <translation>Abrir programa</translation>
    </message>
    <message>
        <source>LoopScope programs (*.json);;All files (*)</source>
        <translation>Programas de LoopScope (*.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Leyendo %1…</translation>
    </message>
    <message>
        <source>Cannot open the recording</source>
        <translation>No se puede abrir la grabación</translation>
    </message>
    <message>
        <source>Open recording</source>
        <translation>Abrir grabación</translation>
    </message>
    <message>
        <source>Export trace</source>
        <translation>Exportar traza</translation>
    </message>
    <message>
        <source>Export latency CSV</source>
        <translation>Exportar CSV de latencia</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>Escribiendo %1…</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>La exportación falló</translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json *.json.gz);;All files (*)</source>
        <translation>JSON de traza de Chrome (*.json *.json.gz);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json);;Compressed trace JSON (*.json.gz)</source>
        <translation>JSON de traza de Chrome (*.json);;JSON de traza comprimido (*.json.gz)</translation>
    </message>
    <message>
        <source>Open recent</source>
        <translation>Abrir reciente</translation>
    </message>
    <message>
        <source>No files opened yet</source>
        <translation>Aún no se ha abierto ningún archivo</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>Vaciar la lista</translation>
    </message>
</context>
<context>
    <name>FilesController</name>
    <message>
        <source>Open program…</source>
        <translation>Abrir programa…</translation>
    </message>
    <message>
        <source>Loads a program file (JSON, see docs/PROGRAMS.md) and runs it on a fresh loop.</source>
        <translation>Carga un archivo de programa (JSON, véase docs/PROGRAMS.md) y lo ejecuta en un bucle nuevo.</translation>
    </message>
    <message>
        <source>Open recording…</source>
        <translation>Abrir grabación…</translation>
    </message>
    <message>
        <source>Opens a recorded trace (exported here or by --trace) to look at its timeline, latency and console again.</source>
        <translation>Abre una traza grabada (exportada aquí o con --trace) para volver a ver su línea de tiempo, latencia y consola.</translation>
    </message>
    <message>
        <source>Export trace…</source>
        <translation>Exportar traza…</translation>
    </message>
    <message>
        <source>Writes what has been recorded so far as Chrome trace JSON, which Perfetto and LoopScope open.</source>
        <translation>Escribe lo grabado hasta ahora como JSON de traza de Chrome, que abren Perfetto y LoopScope.</translation>
    </message>
    <message>
        <source>Export latency CSV…</source>
        <translation>Exportar CSV de latencia…</translation>
    </message>
    <message>
        <source>Writes the loop-delay and /health samples recorded so far as CSV, for a spreadsheet.</source>
        <translation>Escribe las muestras de retardo del bucle y de /health grabadas hasta ahora como CSV, para una hoja de cálculo.</translation>
    </message>
    <message>
        <source>Export picture</source>
        <translation>Exportar imagen</translation>
    </message>
    <message>
        <source>Circle…</source>
        <translation>Círculo…</translation>
    </message>
    <message>
        <source>Latency chart…</source>
        <translation>Gráfico de latencia…</translation>
    </message>
    <message>
        <source>Timeline…</source>
        <translation>Línea de tiempo…</translation>
    </message>
    <message>
        <source>Whole window…</source>
        <translation>Ventana entera…</translation>
    </message>
    <message>
        <source>Saves it as drawn now: PNG, or SVG with vector shapes and text for slides.</source>
        <translation>La guarda tal como se dibuja ahora: PNG, o SVG con formas y texto vectoriales para diapositivas.</translation>
    </message>
    <message>
        <source>Export animation…</source>
        <translation>Exportar animación…</translation>
    </message>
    <message>
        <source>Replays a stretch of the recording and writes the circle, the chart, the timeline or the window as an animated GIF or WebP, frame by frame, for slides and web pages.</source>
        <translation>Reproduce un tramo de la grabación y escribe el círculo, el gráfico, la línea de tiempo o la ventana como un GIF o WebP animado, fotograma a fotograma, para diapositivas y páginas web.</translation>
    </message>
    <message>
        <source>Export report…</source>
        <translation>Exportar informe…</translation>
    </message>
    <message>
        <source>Writes one PDF page about the run shown: the program, its console, the circle, the latency chart and the recording&apos;s summary.</source>
        <translation>Escribe una página PDF sobre la ejecución mostrada: el programa, su consola, el círculo, el gráfico de latencia y el resumen de la grabación.</translation>
    </message>
    <message>
        <source>Drawing the animation %1…</source>
        <translation>Dibujando la animación %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Export animation</source>
        <translation>Exportar animación</translation>
    </message>
    <message>
        <source>An animation replays a recording: open one, or pause the run or let it end, then export.</source>
        <translation>Una animación reproduce una grabación: abra una, o pause la ejecución o deje que termine, y luego exporte.</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Exportar informe</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>Documento PDF (*.pdf)</translation>
    </message>
    <message>
        <source>the idle loop</source>
        <translation>el bucle inactivo</translation>
    </message>
</context>
<context>
    <name>HelpDialogs</name>
    <message>
        <source>In the timeline: the wheel or + and - zoom, dragging or the arrow keys pan, Home fits a run that has ended or follows the live edge, a press on the ruler moves the playhead, Shift and drag measures, S gives every callback one slot, Esc clears the selection.</source>
        <translation>En la línea de tiempo: la rueda o + y - hacen zoom, arrastrar o las flechas desplazan, Inicio encaja una ejecución terminada o sigue el borde en vivo, pulsar en la regla mueve el cabezal, Mayús y arrastrar mide, S da a cada callback una casilla, Esc quita la selección.</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <source>The circle is one iteration of a real libuv event loop, the loop Node.js runs on. Its segments are the phases in the order the loop goes through them: timers, pending, idle, prepare, poll, check, close. The hand points at the phase the loop is in; a phase that blocks the loop turns red, with a stopwatch.</source>
        <translation>El círculo es una iteración de un bucle de eventos libuv real, el bucle sobre el que corre Node.js. Sus segmentos son las fases en el orden en que el bucle las recorre: timers, pending, idle, prepare, poll, check, close. La aguja señala la fase en la que está el bucle; una fase que bloquea el bucle se pone roja, con un cronómetro.</translation>
    </message>
    <message>
        <source>The centre shows two queues that are not phases: the nextTick queue and the microtask queue (promise jobs). They are drained after every callback, nextTicks first, before the loop moves on, which is why a promise.then runs before a setTimeout 0 queued earlier.</source>
        <translation>El centro muestra dos colas que no son fases: la cola de nextTick y la de microtareas (trabajos de promesas). Se vacían después de cada callback, primero los nextTick, antes de que el bucle siga; por eso un promise.then se ejecuta antes que un setTimeout 0 encolado antes.</translation>
    </message>
    <message>
        <source>The numbers on the rim count what waits for each phase: due timers, immediates for check, close callbacks. The queue panels on the right list the callbacks themselves; the thread-pool lanes show the four threads (by default) that run fs, dns and crypto work off the loop.</source>
        <translation>Los números del borde cuentan lo que espera a cada fase: temporizadores vencidos, immediates para check, callbacks de cierre. Los paneles de colas de la derecha enumeran los callbacks; los carriles del pool de hilos muestran los cuatro hilos (por defecto) que hacen el trabajo de fs, dns y crypto fuera del bucle.</translation>
    </message>
    <message>
        <source>Below, the latency chart shows how late the loop ran its timers (a blocked loop is a tall step), the timeline shows every phase and callback as a bar, and the console prints what the program logged. Pause (Space) and step (C, N, I) to watch one callback at a time; in a run that has ended, Shift+C steps back.</source>
        <translation>Abajo, el gráfico de latencia muestra con cuánto retraso ejecutó el bucle sus temporizadores (un bucle bloqueado es un escalón alto), la línea de tiempo muestra cada fase y callback como una barra y la consola imprime lo que registró el programa. Pause (Espacio) y avance (C, N, I) para ver un callback cada vez; en una ejecución terminada, Mayús+C retrocede.</translation>
    </message>
    <message>
        <source>What am I looking at?</source>
        <translation>¿Qué estoy viendo?</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>no encontrado</translation>
    </message>
    <message>
        <source>About LoopScope</source>
        <translation>Acerca de LoopScope</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;LoopScope %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Makes the Node.js event loop visible: a real libuv loop, its phases, queues and thread pool, as the program runs.&lt;/p&gt;&lt;p&gt;libuv %2 (the loop shown)&lt;br&gt;Node.js %3 (compared with)&lt;br&gt;Qt %4&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;LoopScope %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Hace visible el bucle de eventos de Node.js: un bucle libuv real, sus fases, colas y pool de hilos, mientras el programa se ejecuta.&lt;/p&gt;&lt;p&gt;libuv %2 (el bucle mostrado)&lt;br&gt;Node.js %3 (con el que se compara)&lt;br&gt;Qt %4&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>System language</source>
        <translation>Idioma del sistema</translation>
    </message>
</context>
<context>
    <name>LatencyChart</name>
    <message>
        <source>Latency chart</source>
        <translation>Gráfico de latencia</translation>
    </message>
    <message>
        <source>/health response</source>
        <translation>respuesta de /health</translation>
    </message>
    <message>
        <source>utilisation %</source>
        <translation>utilización %</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>%1 · blocking the loop for %2 s</source>
        <translation>%1 · bloquea el bucle %2 s</translation>
    </message>
    <message>
        <source>%1 ×%L2</source>
        <translation>%1 ×%L2</translation>
    </message>
    <message>
        <source>/health failed</source>
        <translation>fallo de /health</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Loop delay&lt;/b&gt;: how much later than planned the loop got to a check that should run every 10 ms, that is, how long callbacks kept it busy. Node&apos;s monitorEventLoopDelay histogram records the raw time between two checks, about 10 ms on an idle loop; subtract the resolution to get the delay meant here. Each sample is drawn over the time it measures, so a 300 ms block is a step 300 ms wide and 300 ms tall.&lt;/p&gt;&lt;p&gt;&lt;b&gt;/health&lt;/b&gt;: how long the built-in HTTP server took to answer a probe; it can only answer when the loop is free. A red diamond is a probe that got no answer.&lt;/p&gt;&lt;p&gt;While the loop is blocked, a dashed box grows: a probe still waiting for its turn.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Utilisation&lt;/b&gt; (right axis): the share of time the loop ran code instead of waiting in poll.&lt;/p&gt;&lt;p&gt;Shaded bands mark callbacks that held the loop for more than 20 ms.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Retardo del bucle&lt;/b&gt;: cuánto más tarde de lo previsto llegó el bucle a una comprobación que debería ejecutarse cada 10 ms, es decir, cuánto tiempo lo mantuvieron ocupado los callbacks. El histograma monitorEventLoopDelay de Node registra el tiempo total entre dos comprobaciones, unos 10 ms en un bucle inactivo; resta la resolución para obtener el retardo que se muestra aquí. Cada muestra se dibuja sobre el tiempo que mide, así que un bloqueo de 300 ms es un escalón de 300 ms de ancho y 300 ms de alto.&lt;/p&gt;&lt;p&gt;&lt;b&gt;/health&lt;/b&gt;: cuánto tardó el servidor HTTP integrado en responder a una sonda; solo puede responder cuando el bucle está libre. Un rombo rojo es una sonda que no obtuvo respuesta.&lt;/p&gt;&lt;p&gt;Mientras el bucle está bloqueado, crece un recuadro discontinuo: una sonda que aún espera su turno.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Utilización&lt;/b&gt; (eje derecho): la parte del tiempo en que el bucle ejecutó código en lugar de esperar en poll.&lt;/p&gt;&lt;p&gt;Las bandas sombreadas marcan los callbacks que ocuparon el bucle más de 20 ms.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>previous run</source>
        <translation>ejecución anterior</translation>
    </message>
    <message>
        <source>probe waiting</source>
        <translation>sonda en espera</translation>
    </message>
    <message>
        <source>/health waiting</source>
        <translation>/health en espera</translation>
    </message>
    <message>
        <source>ms (log)</source>
        <translation>ms (log.)</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;loop delay&lt;/b&gt;: how much later than planned the loop got to the delay monitor&apos;s check, beyond its resolution.&lt;/p&gt;&lt;p&gt;&lt;b&gt;/health&lt;/b&gt;: how long the built-in server took to answer; a diamond is a probe that got no answer.&lt;/p&gt;&lt;p&gt;&lt;b&gt;utilisation&lt;/b&gt; (right axis): the share of time the loop ran code.&lt;/p&gt;&lt;p&gt;&lt;b&gt;previous run&lt;/b&gt;: the loop delay of the run before this one.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;retardo del bucle&lt;/b&gt;: cuánto más tarde de lo previsto llegó el bucle a la comprobación del monitor de retardo, más allá de su resolución.&lt;/p&gt;&lt;p&gt;&lt;b&gt;/health&lt;/b&gt;: cuánto tardó en responder el servidor integrado; un rombo es una sonda que no obtuvo respuesta.&lt;/p&gt;&lt;p&gt;&lt;b&gt;utilización&lt;/b&gt; (eje derecho): la parte del tiempo en que el bucle ejecutó código.&lt;/p&gt;&lt;p&gt;&lt;b&gt;ejecución anterior&lt;/b&gt;: el retardo del bucle de la ejecución previa a esta.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Auto&lt;/b&gt; grows the millisecond axis to the highest step in view.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Fixed&lt;/b&gt; keeps the top you set, so runs of the same work done inline, in chunks or on a worker compare at the same height.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Log&lt;/b&gt; shows 0.01 ms and 1000 ms on one axis, a decade per grid line: small jitter and long blocks both stay readable.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Automática&lt;/b&gt; amplía el eje de milisegundos hasta el escalón más alto a la vista.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Fija&lt;/b&gt; mantiene el máximo que indiques, para que las ejecuciones del mismo trabajo hecho de una sola vez, por partes o en un worker se comparen a la misma altura.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Logarítmica&lt;/b&gt; muestra 0,01 ms y 1000 ms en un mismo eje, una potencia de diez por línea de la cuadrícula: tanto las pequeñas variaciones como los bloqueos largos se leen bien.&lt;/p&gt;</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Top of the fixed scale</source>
        <translation>Máximo de la escala fija</translation>
    </message>
    <message>
        <source>The top of the fixed scale in milliseconds. Anything taller is cut at the top and its height is written there.</source>
        <translation>El máximo de la escala fija, en milisegundos. Lo que sea más alto se corta arriba y allí se escribe su altura.</translation>
    </message>
    <message>
        <source>When a new run starts, the loop delay of the previous one stays as a faint grey line, aligned to its start, so you can compare the two: the same work inline, chunked, or on a worker.</source>
        <translation>Cuando empieza una nueva ejecución, el retardo del bucle de la anterior se queda como una línea gris tenue, alineada con su inicio, para que puedas comparar las dos: el mismo trabajo de una sola vez, por partes o en un worker.</translation>
    </message>
    <message>
        <source>delay</source>
        <translation>retardo</translation>
    </message>
    <message>
        <source>/health</source>
        <translation>/health</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fallo</translation>
    </message>
    <message>
        <source>previous</source>
        <translation>anterior</translation>
    </message>
    <message>
        <source>probe waiting %1 ms</source>
        <translation>sonda en espera %1 ms</translation>
    </message>
    <message>
        <source>/health waiting %1 ms</source>
        <translation>/health en espera %1 ms</translation>
    </message>
    <message>
        <source>loop delay beyond %1 ms</source>
        <translation>retardo del bucle por encima de %1 ms</translation>
    </message>
    <message>
        <source>▲ %1 ms</source>
        <translation>▲ %1 ms</translation>
    </message>
    <message>
        <source>busy</source>
        <translation>uso</translation>
    </message>
    <message>
        <source>Auto</source>
        <comment>scale of the ms axis</comment>
        <translation>Auto</translation>
    </message>
    <message>
        <source>Fixed</source>
        <comment>scale of the ms axis</comment>
        <translation>Fija</translation>
    </message>
    <message>
        <source>Log</source>
        <comment>scale of the ms axis</comment>
        <translation>Log.</translation>
    </message>
    <message>
        <source>Scale of the millisecond axis</source>
        <translation>Escala del eje de milisegundos</translation>
    </message>
    <message>
        <source>Previous</source>
        <comment>keep the previous run as a ghost line</comment>
        <translation>Anterior</translation>
    </message>
    <message>
        <source>Keep the previous run as a ghost line</source>
        <translation>Conservar la ejecución anterior como línea fantasma</translation>
    </message>
    <message>
        <source>%1 · before the loop: the delay monitor cannot see it</source>
        <translation>%1 · antes del bucle: el monitor de retardo no lo ve</translation>
    </message>
</context>
<context>
    <name>LessonPanel</name>
    <message>
        <source>Your order of the lines</source>
        <translation>Tu orden de las líneas</translation>
    </message>
    <message>
        <source>Drag a line up or down, or select it and press Alt+Up or Alt+Down.</source>
        <translation>Arrastra una línea arriba o abajo, o selecciónala y pulsa Alt+Arriba o Alt+Abajo.</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Subir</translation>
    </message>
    <message>
        <source>Moves the selected line up (Alt+Up in the list).</source>
        <translation>Sube la línea seleccionada (Alt+Arriba en la lista).</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Bajar</translation>
    </message>
    <message>
        <source>Moves the selected line down (Alt+Down in the list).</source>
        <translation>Baja la línea seleccionada (Alt+Abajo en la lista).</translation>
    </message>
    <message>
        <source>Run and check</source>
        <translation>Ejecutar y comprobar</translation>
    </message>
    <message>
        <source>Runs the scenario in the window, live or stepped, and compares what it prints with your order when it ends.</source>
        <translation>Ejecuta el escenario en la ventana, en directo o paso a paso, y al terminar compara lo que imprime con tu orden.</translation>
    </message>
    <message>
        <source>Select a scenario: its lesson appears here.</source>
        <translation>Elige un escenario: su lección aparece aquí.</translation>
    </message>
    <message>
        <source>Preparing the lesson…</source>
        <translation>Preparando la lección…</translation>
    </message>
    <message>
        <source>This scenario does not end on its own: run it and watch the circle and the chart.</source>
        <translation>Este escenario no termina solo: ejecútalo y observa el círculo y la gráfica.</translation>
    </message>
    <message>
        <source>This scenario prints fewer than two lines, so there is no order to guess: run it and watch the circle and the chart.</source>
        <translation>Este escenario imprime menos de dos líneas, así que no hay orden que adivinar: ejecútalo y observa el círculo y la gráfica.</translation>
    </message>
    <message>
        <source>In which order will these lines print? Put them in the order you expect (drag them, or Alt+Up and Alt+Down), then run and check.</source>
        <translation>¿En qué orden se imprimirán estas líneas? Ponlas en el orden que esperas (arrástralas, o Alt+Arriba y Alt+Abajo) y luego ejecuta y comprueba.</translation>
    </message>
    <message>
        <source>This one is a race: the order can change from run to run. Put the lines in the order you expect to see more often, then run and check.</source>
        <translation>Esto es una carrera: el orden puede cambiar de una ejecución a otra. Pon las líneas en el orden que esperas ver más a menudo y luego ejecuta y comprueba.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Right.&lt;/b&gt; The run printed the lines in the order you put them.</source>
        <translation>&lt;b&gt;Correcto.&lt;/b&gt; La ejecución imprimió las líneas en el orden en que las pusiste.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Right, some of the time.&lt;/b&gt; This run printed another order, but yours comes too: it is a race. Loop &gt; Run many times shows how often each order wins.</source>
        <translation>&lt;b&gt;Correcto a veces.&lt;/b&gt; Esta ejecución imprimió otro orden, pero el tuyo también sale: es una carrera. Bucle &gt; Ejecutar muchas veces muestra con qué frecuencia gana cada orden.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not quite.&lt;/b&gt; %1 of %2 lines were where you put them. Line %3 printed “%4”, where you expected “%5”.</source>
        <translation>&lt;b&gt;No del todo.&lt;/b&gt; %1 de %2 líneas estaban donde las pusiste. La línea %3 imprimió «%4», donde esperabas «%5».</translation>
    </message>
    <message>
        <source>&lt;b&gt;Why:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Por qué:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Yes, it keeps answering</source>
        <translation>Sí, sigue respondiendo</translation>
    </message>
    <message>
        <source>Every /health request is answered within a few milliseconds while the program runs.</source>
        <translation>Cada petición a /health recibe respuesta en pocos milisegundos mientras el programa se ejecuta.</translation>
    </message>
    <message>
        <source>No, it waits</source>
        <translation>No, espera</translation>
    </message>
    <message>
        <source>/health requests wait until the program lets the loop go.</source>
        <translation>Las peticiones a /health esperan hasta que el programa suelta el bucle.</translation>
    </message>
    <message>
        <source>While this program runs, the built-in server is asked for /health every %1 ms. Will it keep answering? Choose, then run and check.</source>
        <translation>Mientras este programa se ejecuta, se pide /health al servidor integrado cada %1 ms. ¿Seguirá respondiendo? Elige y luego ejecuta y comprueba.</translation>
    </message>
    <message>
        <source>/health kept answering: the slowest answer took %1 ms.</source>
        <translation>/health siguió respondiendo: la respuesta más lenta tardó %1 ms.</translation>
    </message>
    <message>
        <source>/health waited: its slowest answer took %1 ms, the time the program kept the loop from it.</source>
        <translation>/health esperó: su respuesta más lenta tardó %1 ms, el tiempo que el programa le negó el bucle.</translation>
    </message>
    <message>
        <source>/health got no answer while the program ran.</source>
        <translation>/health no recibió respuesta mientras el programa se ejecutaba.</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) got no answer at all.</source>
        <translation>
            <numerusform>%n petición no recibió ninguna respuesta.</numerusform>
            <numerusform>%n peticiones no recibieron ninguna respuesta.</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;The run:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;La ejecución:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Right.&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Correcto.&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not quite.&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;No del todo.&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Yes, they run on time</source>
        <translation>Sí, se ejecutan a tiempo</translation>
    </message>
    <message>
        <source>Every check runs within a few milliseconds of its time while the program runs.</source>
        <translation>Cada comprobación se ejecuta a pocos milisegundos de su hora mientras el programa se ejecuta.</translation>
    </message>
    <message>
        <source>No, they wait</source>
        <translation>No, esperan</translation>
    </message>
    <message>
        <source>The checks wait until the program lets the loop go.</source>
        <translation>Las comprobaciones esperan hasta que el programa suelta el bucle.</translation>
    </message>
    <message>
        <source>While this program runs, the loop checks every %1 ms that it is free (the delay monitor, as perf_hooks.monitorEventLoopDelay does). Will those checks keep running on time? Choose, then run and check.</source>
        <translation>Mientras este programa se ejecuta, el bucle comprueba cada %1 ms que está libre (el monitor de retardo, como hace perf_hooks.monitorEventLoopDelay). ¿Seguirán esas comprobaciones ejecutándose a tiempo? Elige y luego ejecuta y comprueba.</translation>
    </message>
    <message>
        <source>The delay checks ran on time: the longest delay was %1 ms.</source>
        <translation>Las comprobaciones de retardo se ejecutaron a tiempo: el mayor retardo fue de %1 ms.</translation>
    </message>
    <message>
        <source>The delay checks waited: the longest delay was %1 ms, the time the program kept the loop from them.</source>
        <translation>Las comprobaciones de retardo esperaron: el mayor retardo fue de %1 ms, el tiempo que el programa les negó el bucle.</translation>
    </message>
    <message>
        <source>No delay check ran while the program ran.</source>
        <translation>No se ejecutó ninguna comprobación de retardo mientras el programa se ejecutaba.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Look at&lt;/b&gt; the latency chart (ringed): the /health line climbs wherever the loop was kept busy, and falls back once it is free.</source>
        <translation>&lt;b&gt;Mira&lt;/b&gt; el gráfico de latencia (resaltado): la línea de /health sube dondequiera que el bucle estuvo ocupado y baja en cuanto queda libre.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Look at&lt;/b&gt; the latency chart (ringed): the loop-delay line is a step as wide and as tall as each stretch the loop was kept busy.</source>
        <translation>&lt;b&gt;Mira&lt;/b&gt; el gráfico de latencia (resaltado): la línea de retardo del bucle es un escalón tan ancho y tan alto como cada tramo en que el bucle estuvo ocupado.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Look at&lt;/b&gt; the console (ringed): the lines in the order the program printed them. Step back through the run (Shift+C) to see which queue each one came from.</source>
        <translation>&lt;b&gt;Mira&lt;/b&gt; la consola (resaltada): las líneas en el orden en que el programa las imprimió. Retrocede por la ejecución (Mayús+C) para ver de qué cola salió cada una.</translation>
    </message>
    <message>
        <source>Does /health keep answering while it runs?</source>
        <translation>¿Sigue respondiendo /health mientras se ejecuta?</translation>
    </message>
    <message>
        <source>Does the loop keep up while it runs?</source>
        <translation>¿Da abasto el bucle mientras se ejecuta?</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;The run is held before its main module.&lt;/b&gt; Press &lt;b&gt;Space&lt;/b&gt; to run it to its end, or &lt;b&gt;C&lt;/b&gt; to step one callback at a time (&lt;b&gt;N&lt;/b&gt; a phase, &lt;b&gt;I&lt;/b&gt; an iteration) and watch the queues; your guess is checked when it ends.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;La ejecución está detenida antes de su módulo principal.&lt;/b&gt; Pulsa &lt;b&gt;Espacio&lt;/b&gt; para ejecutarla hasta el final, o &lt;b&gt;C&lt;/b&gt; para avanzar de callback en callback (&lt;b&gt;N&lt;/b&gt; una fase, &lt;b&gt;I&lt;/b&gt; una iteración) y mirar las colas; tu respuesta se comprueba cuando termina.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>LoopScope %1</source>
        <translation>LoopScope %1</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ejecutar</translation>
    </message>
    <message>
        <source>Runs the scenario selected in the browser on a fresh loop; the previous run stops.</source>
        <translation>Ejecuta el escenario seleccionado en la lista en un bucle nuevo; la ejecución anterior se detiene.</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <source>/health probe</source>
        <translation>Sonda /health</translation>
    </message>
    <message>
        <source>Sends a request to the built-in server every 20 ms, like a load balancer: a blocked loop answers late.</source>
        <translation>Envía una petición al servidor integrado cada 20 ms, como un balanceador de carga: un bucle bloqueado responde tarde.</translation>
    </message>
    <message>
        <source>Delay monitor</source>
        <translation>Monitor de retardo</translation>
    </message>
    <message>
        <source>Measures how late a 10 ms timer fires, like perf_hooks.monitorEventLoopDelay.</source>
        <translation>Mide con cuánto retraso se dispara un temporizador de 10 ms, como perf_hooks.monitorEventLoopDelay.</translation>
    </message>
    <message>
        <source>real time</source>
        <translation>tiempo real</translation>
    </message>
    <message>
        <source>Slower</source>
        <translation>Más lento</translation>
    </message>
    <message>
        <source>More slow motion.</source>
        <translation>Más cámara lenta.</translation>
    </message>
    <message>
        <source>Faster</source>
        <translation>Más rápido</translation>
    </message>
    <message>
        <source>Less slow motion.</source>
        <translation>Menos cámara lenta.</translation>
    </message>
    <message>
        <source>Dark theme</source>
        <translation>Tema oscuro</translation>
    </message>
    <message>
        <source>Switches between the light and the dark theme; the choice is remembered.</source>
        <translation>Cambia entre el tema claro y el oscuro; la elección se recuerda.</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Salir</translation>
    </message>
    <message>
        <source>Closes LoopScope.</source>
        <translation>Cierra LoopScope.</translation>
    </message>
    <message>
        <source>Loop controls</source>
        <translation>Controles del bucle</translation>
    </message>
    <message>
        <source>Slow motion </source>
        <translation>Cámara lenta </translation>
    </message>
    <message>
        <source>&amp;Loop</source>
        <translation>&amp;Bucle</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>Scenarios</source>
        <translation>Escenarios</translation>
    </message>
    <message>
        <source>The built-in experiments, with the Node.js script each one is equivalent to.</source>
        <translation>Los experimentos integrados, cada uno con su script de Node.js equivalente.</translation>
    </message>
    <message>
        <source>Workloads</source>
        <translation>Cargas de trabajo</translation>
    </message>
    <message>
        <source>Work to inject into the running loop while you watch.</source>
        <translation>Trabajo que puedes inyectar en el bucle en marcha mientras lo observas.</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Queues</source>
        <translation>Colas</translation>
    </message>
    <message>
        <source>What is waiting in each queue, in the order it will run.</source>
        <translation>Lo que espera en cada cola, en el orden en que se ejecutará.</translation>
    </message>
    <message>
        <source>Loop status</source>
        <translation>Estado del bucle</translation>
    </message>
    <message>
        <source>The loop&apos;s phase, iteration, rates and what poll waits for.</source>
        <translation>Fase, iteración y ritmos del bucle, y qué espera poll.</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>Consola</translation>
    </message>
    <message>
        <source>The program&apos;s console.log output in the order the runtime printed it, with errors in red.</source>
        <translation>La salida de console.log del programa, en el orden en que la imprimió el entorno de ejecución, con los errores en rojo.</translation>
    </message>
    <message>
        <source>workload</source>
        <translation>carga de trabajo</translation>
    </message>
    <message>
        <source>%1: not supported by this engine: %2</source>
        <translation>%1: no admitido por este motor: %2</translation>
    </message>
    <message>
        <source>▶ injected: %1</source>
        <translation>▶ inyectado: %1</translation>
    </message>
    <message>
        <source>■ stopped: the run of %1 was aborted; the loop continues idle</source>
        <translation>■ detenido: la ejecución de %1 se abortó; el bucle sigue inactivo</translation>
    </message>
    <message>
        <source>Previous run (%1) aborted. Inject workloads or run a scenario.</source>
        <translation>Ejecución anterior (%1) abortada. Inyecta cargas de trabajo o ejecuta un escenario.</translation>
    </message>
    <message>
        <source>LoopScope — %1</source>
        <translation>LoopScope — %1</translation>
    </message>
    <message>
        <source>Running %1 on libuv %2, thread pool of %3</source>
        <translation>Ejecutando %1 en libuv %2, grupo de hilos: %3</translation>
    </message>
    <message numerus="yes">
        <source>%n events could not be recorded (the recording is full).</source>
        <translation>
            <numerusform>No se pudo registrar %n evento (la grabación está llena).</numerusform>
            <numerusform>No se pudieron registrar %n eventos (la grabación está llena).</numerusform>
        </translation>
    </message>
    <message>
        <source>Thread pool</source>
        <translation>Grupo de hilos</translation>
    </message>
    <message>
        <source>libuv&apos;s worker threads: what each one runs and for how long, the work waiting for a free thread, and the occupancy of the last seconds.</source>
        <translation>Los hilos de trabajo de libuv: qué ejecuta cada uno y durante cuánto tiempo, el trabajo que espera un hilo libre y la ocupación de los últimos segundos.</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Línea de tiempo</translation>
    </message>
    <message>
        <source>The recent seconds as a Gantt chart: phases, callbacks by kind, pool workers and worker loops. Wheel or +/- zooms, dragging or the arrow keys pan, Home follows the live edge, a click shows details.</source>
        <translation>Los últimos segundos como diagrama de Gantt: fases, callbacks por tipo, hilos del grupo y bucles de los workers. La rueda o +/- hacen zoom, arrastrar o las flechas desplazan la vista, Home vuelve a seguir en directo y un clic muestra los detalles.</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latencia</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>LoopScope — %1 (recording)</source>
        <translation>LoopScope — %1 (grabación)</translation>
    </message>
    <message numerus="yes">
        <source>Recording of %1 from %2 (libuv %3, thread pool of %4): %n events</source>
        <translation>
            <numerusform>Grabación de %1 desde %2 (libuv %3, grupo de %4 hilos): %n evento</numerusform>
            <numerusform>Grabación de %1 desde %2 (libuv %3, grupo de %4 hilos): %n eventos</numerusform>
        </translation>
    </message>
    <message>
        <source>; the run was aborted</source>
        <translation>; la ejecución se interrumpió</translation>
    </message>
    <message numerus="yes">
        <source>; %n events were not recorded</source>
        <translation>
            <numerusform>; %n evento no se grabó</numerusform>
            <numerusform>; %n eventos no se grabaron</numerusform>
        </translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>Escrito %1</translation>
    </message>
    <message>
        <source>How much later than expected the loop&apos;s delay monitor ran (beyond its 10 ms resolution), the /health response time and event-loop utilisation; each sample covers the time it measured, a growing box is a probe still waiting, and shaded bands mark the workloads that ran.</source>
        <translation>Cuánto más tarde de lo esperado se ejecutó el monitor de retardo del bucle (más allá de su resolución de 10 ms), el tiempo de respuesta de /health y la utilización del bucle de eventos; cada muestra cubre el tiempo que midió, un recuadro que crece es una sonda que aún espera y las bandas sombreadas marcan las cargas de trabajo que se ejecutaron.</translation>
    </message>
    <message>
        <source>■ stopped: the work in progress was abandoned; the server loop goes on</source>
        <translation>■ detenido: se abandonó el trabajo en curso; el bucle del servidor sigue en marcha</translation>
    </message>
    <message>
        <source>Work abandoned. The server loop goes on: inject workloads or run a scenario.</source>
        <translation>Trabajo abandonado. El bucle del servidor sigue en marcha: inyecta cargas de trabajo o ejecuta un escenario.</translation>
    </message>
    <message>
        <source>Compare with Node.js…</source>
        <translation>Comparar con Node.js…</translation>
    </message>
    <message>
        <source>Runs the current program in node and in LoopScope, several times when its order depends on timing, and shows both consoles side by side with the first difference highlighted.</source>
        <translation>Ejecuta el programa actual en node y en LoopScope, varias veces cuando su orden depende del tiempo, y muestra las dos consolas una al lado de la otra con la primera diferencia resaltada.</translation>
    </message>
    <message>
        <source>Slow motion: holds every phase, and the queues after every callback, this long, so the cursor can be followed. The time held is left out of the program&apos;s clock.</source>
        <translation>Cámara lenta: mantiene cada fase, y las colas tras cada callback, este tiempo, para poder seguir el cursor. El tiempo detenido no cuenta en el reloj del programa.</translation>
    </message>
    <message>
        <source>1000 ms/step</source>
        <translation>1000 ms/paso</translation>
    </message>
    <message>
        <source>%1 ms/step</source>
        <translation>%1 ms/paso</translation>
    </message>
    <message>
        <source>Timeline: one slot per callback</source>
        <translation>Línea de tiempo: una casilla por callback</translation>
    </message>
    <message>
        <source>Gives each callback of the main loop the same width in the timeline, in the order they ran, so the jobs of a drain can be counted (S in the timeline).</source>
        <translation>Da a cada callback del bucle principal la misma anchura en la línea de tiempo, en el orden en que se ejecutaron, para poder contar los trabajos de un vaciado (S en la línea de tiempo).</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <source>Every key LoopScope answers to, with what it does.</source>
        <translation>Cada tecla a la que responde LoopScope, con lo que hace.</translation>
    </message>
    <message>
        <source>What am I looking at?</source>
        <translation>¿Qué estoy viendo?</translation>
    </message>
    <message>
        <source>The circle, its centre, the queues and the docks explained in a few sentences.</source>
        <translation>El círculo, su centro, las colas y los paneles explicados en pocas frases.</translation>
    </message>
    <message>
        <source>About LoopScope</source>
        <translation>Acerca de LoopScope</translation>
    </message>
    <message>
        <source>The version of LoopScope, of the libuv it runs and of Node.js.</source>
        <translation>La versión de LoopScope, de la libuv que ejecuta y de Node.js.</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <source>&amp;Rolling window past the memory budget</source>
        <translation>&amp;Ventana móvil al superar el presupuesto de memoria</translation>
    </message>
    <message>
        <source>When a run&apos;s recording outgrows the memory budget (%1 MB), let go of its oldest events instead of spilling them to a temporary file: a storm can run all lesson long, and the timeline keeps a summary of what was let go. Applies to the next run.</source>
        <translation>Cuando la grabación de una ejecución supera el presupuesto de memoria (%1 MB), descartar sus eventos más antiguos en lugar de volcarlos a un archivo temporal: una tormenta puede durar toda la clase, y la línea de tiempo conserva un resumen de lo descartado. Se aplica a la siguiente ejecución.</translation>
    </message>
    <message numerus="yes">
        <source>Rolling window: the oldest %n events were let go to stay within the memory budget.</source>
        <translation>
            <numerusform>Ventana móvil: se descartó %n evento antiguo para no superar el presupuesto de memoria.</numerusform>
            <numerusform>Ventana móvil: se descartaron los %n eventos más antiguos para no superar el presupuesto de memoria.</numerusform>
        </translation>
    </message>
    <message>
        <source>Run &amp;many times…</source>
        <translation>Ejecutar &amp;muchas veces…</translation>
    </message>
    <message>
        <source>Runs the current program a hundred times on fresh loops and shows how often each output came: a race such as setTimeout(0) against setImmediate shows both orders with their frequencies.</source>
        <translation>Ejecuta el programa actual cien veces, cada una en un bucle nuevo, y muestra con qué frecuencia salió cada salida: una carrera como setTimeout(0) contra setImmediate muestra los dos órdenes con sus frecuencias.</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>Slow motion, probes and theme</source>
        <translation>Cámara lenta, sondas y tema</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Lección</translation>
    </message>
    <message>
        <source>Guess first, then run: the selected scenario&apos;s lines to put in the order you expect, checked against the real run.</source>
        <translation>Primero adivina y luego ejecuta: las líneas del escenario elegido para poner en el orden que esperas, comprobadas con la ejecución real.</translation>
    </message>
    <message>
        <source>Running %1 under node with LoopScope&apos;s probe inside</source>
        <translation>Ejecutando %1 en node con la sonda de LoopScope dentro</translation>
    </message>
    <message>
        <source>LoopScope — node %1</source>
        <translation>LoopScope — node %1</translation>
    </message>
    <message>
        <source>%1 finished: nothing left to do</source>
        <translation>Ejecución de %1 terminada: no queda nada por hacer</translation>
    </message>
    <message>
        <source>Run figures</source>
        <translation>Cifras de la ejecución</translation>
    </message>
    <message>
        <source>What the run measured once it has ended: loop delay as Node&apos;s monitorEventLoopDelay reports it, utilisation as its eventLoopUtilization computes it, /health, the thread pool, and the stretches a program measures, side by side.</source>
        <translation>Lo que midió la ejecución cuando ha terminado: el retardo del bucle como lo informa monitorEventLoopDelay de Node, la utilización como la calcula su eventLoopUtilization, /health, el grupo de hilos y los tramos que mide un programa, uno junto a otro.</translation>
    </message>
    <message>
        <source>; the program was ended by signal %1</source>
        <translation>; el programa terminó por la señal %1</translation>
    </message>
    <message>
        <source>; the program exited with code %1</source>
        <translation>; el programa terminó con el código %1</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Copiar</translation>
    </message>
    <message>
        <source>Copies the selected lines whole, as the program printed them.</source>
        <translation>Copia las líneas seleccionadas enteras, tal como las imprimió el programa.</translation>
    </message>
    <message>
        <source>■ nothing to stop: the server loop is idle, waiting in poll</source>
        <translation>■ nada que detener: el bucle del servidor está ocioso, esperando en poll</translation>
    </message>
    <message>
        <source>Nothing to stop: the server loop waits for work. Inject a workload or run a scenario.</source>
        <translation>Nada que detener: el bucle del servidor espera trabajo. Inyecta una carga o ejecuta un escenario.</translation>
    </message>
    <message>
        <source>Runs two scenarios, or two variants of one (CommonJS or ES module, Node 10&apos;s await, another thread pool size), and replays them side by side with one playhead: the comparisons the articles make.</source>
        <translation>Ejecuta dos escenarios, o dos variantes de uno (CommonJS o módulo ES, el await de Node 10, otro tamaño del grupo de hilos), y los reproduce uno al lado del otro con un solo cabezal: las comparaciones que hacen los artículos.</translation>
    </message>
    <message>
        <source>Compare t&amp;wo runs…</source>
        <translation>Comparar &amp;dos ejecuciones…</translation>
    </message>
    <message>
        <source>Abandons runaway work (a long block, a nextTick storm): the server loop goes on; a scenario&apos;s run ends and the server loop takes over. A Node.js program run with the probe ends; one attached to as it ran is detached from and runs on.</source>
        <translation>Abandona el trabajo descontrolado (un bloqueo largo, una tormenta de nextTick): el bucle del servidor sigue en marcha; la ejecución de un escenario termina y el bucle del servidor toma el relevo. Un programa de Node.js ejecutado con la sonda termina; uno al que se conectó mientras se ejecutaba se desconecta y sigue ejecutándose.</translation>
    </message>
    <message>
        <source>Blocked by</source>
        <translation>Bloqueado por</translation>
    </message>
    <message>
        <source>Which JavaScript blocked the loop: the stacks the probe sampled while a callback of an attached program ran past its threshold, outermost frame at the top, each frame as wide as its share of the samples. It shows the callback selected in the timeline, else the one blocking now, else the last one that blocked.</source>
        <translation>Qué JavaScript bloqueó el bucle: las pilas que la sonda muestreó mientras un callback de un programa adjunto superaba su umbral, con el marco más externo arriba y cada marco tan ancho como su parte de las muestras. Muestra el callback seleccionado en la línea de tiempo; si no hay ninguno, el que bloquea ahora, y si no, el último que bloqueó.</translation>
    </message>
</context>
<context>
    <name>MemoryNotes</name>
    <message>
        <source>■ the recording passed %1 MB of memory: the rolling window now lets go of its oldest events (Loop menu)</source>
        <translation>■ la grabación superó %1 MB de memoria: la ventana móvil descarta ahora sus eventos más antiguos (menú Bucle)</translation>
    </message>
    <message>
        <source>■ the recording passed %1 MB of memory: its older events now go to a temporary file in %2, and nothing is lost (--memory-budget)</source>
        <translation>■ la grabación superó %1 MB de memoria: sus eventos más antiguos van ahora a un archivo temporal en %2, y no se pierde nada (--memory-budget)</translation>
    </message>
    <message>
        <source>■ the recording passed %1 MB and could not spill to disk (%2); its oldest events are let go (--memory-budget)</source>
        <translation>■ la grabación superó %1 MB y no pudo volcarse a disco (%2); se descartan sus eventos más antiguos (--memory-budget)</translation>
    </message>
    <message>
        <source>■ memory budget exceeded: the queues needed more than %1 MB; the run was aborted (--memory-budget)</source>
        <translation>■ presupuesto de memoria superado: las colas necesitaban más de %1 MB; la ejecución se abortó (--memory-budget)</translation>
    </message>
    <message>
        <source>■ the recording passed %1 MB and could not spill to disk (%2); the run was aborted (--memory-budget)</source>
        <translation>■ la grabación superó %1 MB y no pudo volcarse al disco (%2); la ejecución se abortó (--memory-budget)</translation>
    </message>
</context>
<context>
    <name>NodeCalibration</name>
    <message>
        <source>cannot run %1: %2</source>
        <translation>no se puede ejecutar %1: %2</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 falló: %2</translation>
    </message>
    <message>
        <source>%1 printed no figures: %2</source>
        <translation>%1 no imprimió cifras: %2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>no se puede escribir %1: %2</translation>
    </message>
    <message>
        <source>%1 not found: give the path of a Node.js executable</source>
        <translation>no se encontró %1: indica la ruta de un ejecutable de Node.js</translation>
    </message>
    <message>
        <source>Node.js %1 (%2), measured %3, %4 fresh processes per figure:</source>
        <translation>Node.js %1 (%2), medido el %3, %4 procesos nuevos por cifra:</translation>
    </message>
    <message>
        <source>  first console.log: %1 µs</source>
        <translation>  primer console.log: %1 µs</translation>
    </message>
    <message>
        <source>  first setTimeout: %1 µs before it reads the loop clock, %2 µs after (from the race inside an immediate)</source>
        <translation>  primer setTimeout: %1 µs antes de leer el reloj del bucle, %2 µs después (de la carrera dentro de un inmediato)</translation>
    </message>
    <message>
        <source>  first setImmediate: %1 µs</source>
        <translation>  primer setImmediate: %1 µs</translation>
    </message>
    <message>
        <source>  main-race: timeout first in %1 of %2 runs, a start-up gap of %3 µs</source>
        <translation>  main-race: timeout primero en %1 de %2 ejecuciones, una pausa de arranque de %3 µs</translation>
    </message>
    <message>
        <source>  setTimeout(0) against setImmediate inside an immediate: timeout first in %1 of %2 runs</source>
        <translation>  setTimeout(0) contra setImmediate dentro de un inmediato: timeout primero en %1 de %2 ejecuciones</translation>
    </message>
    <message>
        <source>  a worker&apos;s first console.log: %1 µs; its script&apos;s end to its first nextTick: %2 µs</source>
        <translation>  primer console.log de un worker: %1 µs; del final de su script a su primer nextTick: %2 µs</translation>
    </message>
    <message>
        <source>  a worker&apos;s start-up, from new Worker to its first line: %1 µs</source>
        <translation>  arranque de un worker, de new Worker a su primera línea: %1 µs</translation>
    </message>
    <message>
        <source>  each new Worker after the first: %1 µs</source>
        <translation>  cada new Worker después del primero: %1 µs</translation>
    </message>
    <message>
        <source>%1 %2 µs</source>
        <translation>%1 %2 µs</translation>
    </message>
    <message>
        <source>  first uses: %1</source>
        <translation>  primeros usos: %1</translation>
    </message>
    <message>
        <source>  libuv&apos;s thread pool starting at the first request: %1 µs, and %2 µs a thread</source>
        <translation>  el pool de hilos de libuv arrancando en la primera petición: %1 µs, y %2 µs por hilo</translation>
    </message>
    <message>
        <source>  the emitted script&apos;s HTTP server listening: %1 µs after the main module; its first request: %2 µs</source>
        <translation>  el servidor HTTP del script emitido escuchando: %1 µs después del módulo principal; su primera petición: %2 µs</translation>
    </message>
    <message>
        <source>  the first rejected promise: %1 µs, and %2 µs after the main module&apos;s drain</source>
        <translation>  la primera promesa rechazada: %1 µs, y %2 µs tras el vaciado del módulo principal</translation>
    </message>
    <message>
        <source>cannot make a temporary folder for the scripts</source>
        <translation>no se puede crear una carpeta temporal para los scripts</translation>
    </message>
    <message>
        <source>  dns.lookup&apos;s second call: %1 µs</source>
        <translation>  la segunda llamada a dns.lookup: %1 µs</translation>
    </message>
    <message>
        <source>  the thread pool starting while a worker boots: %1 µs more</source>
        <translation>  el pool de hilos al arrancar mientras arranca un worker: %1 µs más</translation>
    </message>
    <message>
        <source>  each of the next console.log lines: %1 µs (Node 20&apos;s table: %2 µs); every line&apos;s cost is scaled by it</source>
        <translation>  cada una de las siguientes líneas de console.log: %1 µs (tabla de Node 20: %2 µs); el coste de cada línea se escala por ella</translation>
    </message>
    <message>
        <source>  that request answered and its response read, beyond a warm round trip: %1 µs</source>
        <translation>  esa petición respondida y su respuesta leída, más allá de un viaje de ida y vuelta en caliente: %1 µs</translation>
    </message>
    <message>
        <source>  first uses after a first console.log: nextTick %1 µs, queueMicrotask %2 µs</source>
        <translation>  primeros usos tras un primer console.log: nextTick %1 µs, queueMicrotask %2 µs</translation>
    </message>
</context>
<context>
    <name>NodeCompareDialog</name>
    <message>
        <source>(end of output)</source>
        <translation>(fin de la salida)</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>«%1»</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Salida</translation>
    </message>
    <message>
        <source>Node.js</source>
        <translation>Node.js</translation>
    </message>
    <message>
        <source>LoopScope</source>
        <translation>LoopScope</translation>
    </message>
    <message>
        <source>Every distinct console output and how many runs printed it on each side. A program whose order depends on timing prints more than one; LoopScope should print only outputs that Node.js prints too, in similar proportions. Select a row to see that output in the consoles.</source>
        <translation>Cada salida de consola distinta y cuántas ejecuciones la imprimieron en cada lado. Un programa cuyo orden depende del tiempo imprime más de una; LoopScope solo debería imprimir salidas que Node.js también imprime, en proporciones parecidas. Selecciona una fila para ver esa salida en las consolas.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>Agree: one output, the same on both sides. Within Node&apos;s outputs: the order depends on timing, and every output LoopScope printed, Node.js printed too. Differ: LoopScope printed something Node.js never did; the first differing line is highlighted in both consoles.</source>
        <translation>Coinciden: una sola salida, la misma en los dos lados. Dentro de las salidas de Node: el orden depende del tiempo, y cada salida que imprimió LoopScope también la imprimió Node.js. Difieren: LoopScope imprimió algo que Node.js nunca imprimió; la primera línea distinta se resalta en las dos consolas.</translation>
    </message>
    <message>
        <source>Runs on each side:</source>
        <translation>Ejecuciones por lado:</translation>
    </message>
    <message>
        <source>How many times node and LoopScope each run the program. Node decides the setTimeout(0) against setImmediate race of the main module by whether a millisecond passed before the loop&apos;s first timers phase; run main-race 20 times to see both orders on both sides.</source>
        <translation>Cuántas veces ejecutan el programa node y LoopScope, cada uno. Node decide la carrera entre setTimeout(0) y setImmediate del módulo principal según haya pasado o no un milisegundo antes de la primera fase timers del bucle; ejecuta main-race 20 veces para ver los dos órdenes en los dos lados.</translation>
    </message>
    <message>
        <source>Node.js:</source>
        <translation>Node.js:</translation>
    </message>
    <message>
        <source>The node executable to compare with: a path, or a name looked up in PATH. The semantics follow Node 20; scripts/install-deps.sh installs Node.js.</source>
        <translation>El ejecutable de node con el que comparar: una ruta, o un nombre que se busca en PATH. La semántica sigue a Node 20; scripts/install-deps.sh instala Node.js.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ejecutar</translation>
    </message>
    <message>
        <source>Runs the emitted script in node and the program in LoopScope, one run at a time, and compares their consoles. (Enter)</source>
        <translation>Ejecuta el script generado en node y el programa en LoopScope, una ejecución cada vez, y compara sus consolas. (Intro)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stops the runs. (Esc)</source>
        <translation>Detiene las ejecuciones. (Esc)</translation>
    </message>
    <message>
        <source>%v of %m runs</source>
        <translation>%v de %m ejecuciones</translation>
    </message>
    <message>
        <source>What node printed on stdout for the emitted script (the script in the scenario browser). The first line that differs from LoopScope&apos;s is highlighted.</source>
        <translation>Lo que node imprimió en stdout con el script generado (el script del explorador de escenarios). Se resalta la primera línea que difiere de la de LoopScope.</translation>
    </message>
    <message>
        <source>What LoopScope printed running the same program headless (loopscope --headless). The first line that differs from Node&apos;s is highlighted.</source>
        <translation>Lo que imprimió LoopScope al ejecutar el mismo programa sin ventana (loopscope --headless). Se resalta la primera línea que difiere de la de Node.</translation>
    </message>
    <message>
        <source>Compare with Node.js — %1</source>
        <translation>Comparar con Node.js — %1</translation>
    </message>
    <message>
        <source>Press Run (Enter) to run %1 in Node.js and in LoopScope and compare their consoles.</source>
        <translation>Pulsa Ejecutar (Intro) para ejecutar %1 en Node.js y en LoopScope y comparar sus consolas.</translation>
    </message>
    <message>
        <source>Its output depends on timing (setTimeout(0) against setImmediate from the main module): %1 runs on each side are suggested, to see the distribution.</source>
        <translation>Su salida depende del tiempo (setTimeout(0) frente a setImmediate desde el módulo principal): se sugieren %1 ejecuciones por lado, para ver la distribución.</translation>
    </message>
    <message>
        <source>Running %1 in Node.js and in LoopScope, one run at a time…</source>
        <translation>Ejecutando %1 en Node.js y en LoopScope, una ejecución cada vez…</translation>
    </message>
    <message>
        <source>Agree: Node.js and LoopScope printed the same output in every run (%1 on each side).</source>
        <translation>Coinciden: Node.js y LoopScope imprimieron la misma salida en todas las ejecuciones (%1 por lado).</translation>
    </message>
    <message>
        <source>LoopScope within Node&apos;s outputs: in %1 runs Node.js printed %2 different outputs and LoopScope %3, all of them ones Node.js printed too.</source>
        <translation>LoopScope dentro de las salidas de Node: en %1 ejecuciones Node.js imprimió %2 salidas distintas y LoopScope %3, todas ellas también impresas por Node.js.</translation>
    </message>
    <message>
        <source>Differ at line %1: Node.js printed %2, LoopScope %3.</source>
        <translation>Difieren en la línea %1: Node.js imprimió %2 y LoopScope %3.</translation>
    </message>
    <message>
        <source>Cancelled: no verdict.</source>
        <translation>Cancelado: sin veredicto.</translation>
    </message>
    <message>
        <source>(no output)</source>
        <translation>(sin salida)</translation>
    </message>
    <message>
        <source>Node.js · printed in %1 of %2 runs</source>
        <translation>Node.js · impresa en %1 de %2 ejecuciones</translation>
    </message>
    <message>
        <source>LoopScope · printed in %1 of %2 runs</source>
        <translation>LoopScope · impresa en %1 de %2 ejecuciones</translation>
    </message>
</context>
<context>
    <name>NodeComparison</name>
    <message>
        <source>(nothing on stderr)</source>
        <translation>(nada en stderr)</translation>
    </message>
    <message>
        <source>Node.js was not found (&apos;%1&apos;). Install it with scripts/install-deps.sh, or give the path to node.</source>
        <translation>No se encontró Node.js (&apos;%1&apos;). Instálalo con scripts/install-deps.sh o indica la ruta de node.</translation>
    </message>
    <message>
        <source>Cannot create a temporary directory: %1</source>
        <translation>No se puede crear un directorio temporal: %1</translation>
    </message>
    <message>
        <source>Nothing to compare: choose a scenario or open a program.</source>
        <translation>Nada que comparar: elige un escenario o abre un programa.</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1: no se puede abrir: %2</translation>
    </message>
    <message>
        <source>%1: programs larger than %2 MiB are refused</source>
        <translation>%1: se rechazan los programas de más de %2 MiB</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>No se puede escribir %1: %2</translation>
    </message>
    <message>
        <source>Node.js</source>
        <translation>Node.js</translation>
    </message>
    <message>
        <source>LoopScope</source>
        <translation>LoopScope</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>código de salida %1</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>terminó de forma anómala</translation>
    </message>
    <message>
        <source>%1 failed in run %2 (%3): %4</source>
        <translation>%1 falló en la ejecución %2 (%3): %4</translation>
    </message>
    <message>
        <source>Cannot start Node.js (&apos;%1&apos;): %2. Install it with scripts/install-deps.sh, or give the path to node.</source>
        <translation>No se puede iniciar Node.js (&apos;%1&apos;): %2. Instálalo con scripts/install-deps.sh o indica la ruta de node.</translation>
    </message>
    <message>
        <source>Cannot start LoopScope (&apos;%1&apos;): %2</source>
        <translation>No se puede iniciar LoopScope (&apos;%1&apos;): %2</translation>
    </message>
    <message>
        <source>%1 did not finish run %2 within %3 s; it was stopped.</source>
        <translation>%1 no terminó la ejecución %2 en %3 s; se detuvo.</translation>
    </message>
</context>
<context>
    <name>NodeRunDialog</name>
    <message>
        <source>Node.js program</source>
        <translation>Programa de Node.js</translation>
    </message>
    <message>
        <source>JavaScript (*.js *.mjs *.cjs);;All files (*)</source>
        <translation>JavaScript (*.js *.mjs *.cjs);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Run with Node.js</source>
        <translation>Ejecutar con Node.js</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>&amp;Archivo:</translation>
    </message>
    <message>
        <source>a .js file, run as node runs it</source>
        <translation>un archivo .js, ejecutado como lo ejecuta node</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>E&amp;xaminar…</translation>
    </message>
    <message>
        <source>&amp;JavaScript typed or pasted here:</source>
        <translation>&amp;JavaScript escrito o pegado aquí:</translation>
    </message>
    <message>
        <source>&amp;Arguments:</source>
        <translation>A&amp;rgumentos:</translation>
    </message>
    <message>
        <source>given to the program (process.argv), as a shell would split them</source>
        <translation>se pasan al programa (process.argv), separados como lo haría un shell</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ejecutar</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>%1: cannot write the program typed: %2</source>
        <translation>%1: no se puede escribir el programa escrito: %2</translation>
    </message>
    <message>
        <source>LoopScope starts node with its probe inside your program and shows the program&apos;s own event loop live: its timers, poll, check and close phases timed, every callback labelled with what invoked it (Timeout, Immediate, TickObject, PROMISE, FSREQCALLBACK, TCPWRAP, …) and the loop&apos;s delay. What the program prints appears in the console; stopping the run ends the program.</source>
        <translation>LoopScope arranca node con su sonda dentro de tu programa y muestra en vivo el propio bucle de eventos del programa: sus fases timers, poll, check y close cronometradas, cada callback etiquetado con lo que lo invocó (Timeout, Immediate, TickObject, PROMISE, FSREQCALLBACK, TCPWRAP, …) y el retraso del bucle. Lo que imprime el programa aparece en la consola; detener la ejecución termina el programa.</translation>
    </message>
</context>
<context>
    <name>NodeTimingDialog</name>
    <message>
        <source>Node.js timing</source>
        <translation>Tiempos de Node.js</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>100 %: as measured. A slower machine than the calibration&apos;s spends more (try 200 %); 0 % models no cost at all, and the main module&apos;s races then go LoopScope&apos;s way (the immediate first).</source>
        <translation>100 %: tal como se midió. Una máquina más lenta que la de la calibración gasta más (pruebe 200 %); 0 % no modela ningún coste, y las carreras del módulo principal se resuelven entonces a la manera de LoopScope (primero el inmediato).</translation>
    </message>
    <message>
        <source> µs</source>
        <translation> µs</translation>
    </message>
    <message>
        <source>Node&apos;s work between the main module&apos;s drain and the first timers phase. With the first setImmediate&apos;s own cost it makes main-race print &quot;timeout&quot; first in about one run in four, as Node 20 did (24 of 100 runs).</source>
        <translation>El trabajo de Node entre el vaciado de colas del módulo principal y la primera fase de temporizadores. Junto con el coste del primer setImmediate hace que main-race imprima «timeout» primero en más o menos una de cada cuatro ejecuciones, como hizo Node 20 (24 de 100).</translation>
    </message>
    <message>
        <source>Scale of the measured costs:</source>
        <translation>Escala de los costes medidos:</translation>
    </message>
    <message>
        <source>Start-up gap:</source>
        <translation>Pausa de arranque:</translation>
    </message>
    <message>
        <source>Node 20&apos;s figures</source>
        <translation>Cifras de Node 20</translation>
    </message>
    <message>
        <source>Back to the figures measured with Node 20: 100 % and its start-up gap.</source>
        <translation>Vuelve a las cifras medidas con Node 20: 100 % y su pausa de arranque.</translation>
    </message>
    <message>
        <source>a worker&apos;s start-up</source>
        <translation>el arranque de un worker</translation>
    </message>
    <message>
        <source>main-race: about %1 µs pass between its setTimeout(0) and the first timers phase, so the timer should win in about %2 % of runs (Node 20: 24 %).</source>
        <translation>main-race: pasan unos %1 µs entre su setTimeout(0) y la primera fase de temporizadores, así que el temporizador debería ganar en torno al %2 % de las ejecuciones (Node 20: 24 %).</translation>
    </message>
    <message>
        <source>Node.js spends time where LoopScope takes microseconds: its first console.log sets up stdout, each new line of JavaScript is set up the first time it runs, a worker boots a JavaScript engine, and start-up work runs between the main module and the first iteration. LoopScope spends the same time on its loop thread, so libuv&apos;s millisecond clock and the thread pool decide races such as setTimeout(0) against setImmediate as often as they do in Node. The figures were measured with Node 20 (scripts/calibrate-node-costs.js); they apply to runs started afterwards.</source>
        <translation>Node.js gasta tiempo donde LoopScope tarda microsegundos: su primer console.log prepara stdout, cada línea nueva de JavaScript se prepara la primera vez que se ejecuta, un worker arranca un motor de JavaScript y el trabajo de arranque se ejecuta entre el módulo principal y la primera iteración. LoopScope gasta el mismo tiempo en su hilo del bucle, de modo que el reloj de milisegundos de libuv y el pool de hilos deciden carreras como setTimeout(0) contra setImmediate con la misma frecuencia que en Node. Las cifras se midieron con Node 20 (scripts/calibrate-node-costs.js); se aplican a las ejecuciones que empiecen después.</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operación</translation>
    </message>
    <message>
        <source>First use</source>
        <translation>Primer uso</translation>
    </message>
    <message>
        <source>Each new line</source>
        <translation>Cada línea nueva</translation>
    </message>
    <message>
        <source>Each later run</source>
        <translation>Cada ejecución posterior</translation>
    </message>
    <message>
        <source>What Node spends the first time a thread uses the operation (its cold path), beyond a second use.</source>
        <translation>Lo que Node gasta la primera vez que un hilo usa la operación (su camino en frío), más allá de un segundo uso.</translation>
    </message>
    <message>
        <source>What Node spends on the first run of each further line that calls it: V8 sets the line up.</source>
        <translation>Lo que Node gasta en la primera ejecución de cada línea más que la llama: V8 prepara la línea.</translation>
    </message>
    <message>
        <source>The modelled times: Node 20&apos;s, measured by scripts/calibrate-node-costs.js, times the scale above.</source>
        <translation>Los tiempos modelados: los de Node 20, medidos por scripts/calibrate-node-costs.js, por la escala de arriba.</translation>
    </message>
    <message>
        <source>Calibrate…</source>
        <translation>Calibrar…</translation>
    </message>
    <message>
        <source>Measure this machine&apos;s Node.js now and use its figures.</source>
        <translation>Mide ahora el Node.js de esta máquina y usa sus cifras.</translation>
    </message>
    <message>
        <source>Calibrated on this machine (these figures replace Node 20&apos;s):</source>
        <translation>Calibrado en esta máquina (estas cifras sustituyen a las de Node 20):</translation>
    </message>
    <message>
        <source>Not calibrated on this machine: the figures are Node 20&apos;s on the development machine. Calibrate… measures this machine&apos;s Node.js.</source>
        <translation>Sin calibrar en esta máquina: las cifras son las de Node 20 en la máquina de desarrollo. Calibrar… mide el Node.js de esta máquina.</translation>
    </message>
    <message>
        <source>Node.js &amp;timing…</source>
        <translation>&amp;Tiempos de Node.js…</translation>
    </message>
    <message>
        <source>The time Node.js spends that LoopScope models (its first console.log, a worker&apos;s start-up, the start-up gap): it decides races such as setTimeout(0) against setImmediate.</source>
        <translation>El tiempo que gasta Node.js y que LoopScope modela (su primer console.log, el arranque de un worker, la pausa de arranque): decide carreras como setTimeout(0) contra setImmediate.</translation>
    </message>
    <message>
        <source>Cali&amp;brate with this machine&apos;s Node.js…</source>
        <translation>Cali&amp;brar con el Node.js de esta máquina…</translation>
    </message>
    <message>
        <source>Runs Node.js a few hundred times to measure what it spends on this machine (its first console.log, the start-up gap, a worker&apos;s first line) and models that from now on, so Run many times shows this machine&apos;s distribution.</source>
        <translation>Ejecuta Node.js unos cientos de veces para medir lo que gasta en esta máquina (su primer console.log, la pausa de arranque, la primera línea de un worker) y lo modela a partir de ahora, de modo que Ejecutar muchas veces muestra la distribución de esta máquina.</translation>
    </message>
    <message>
        <source>Measuring %1 on this machine…</source>
        <translation>Midiendo %1 en esta máquina…</translation>
    </message>
    <message>
        <source>Cannot calibrate</source>
        <translation>No se puede calibrar</translation>
    </message>
    <message>
        <source>Calibrated</source>
        <translation>Calibrado</translation>
    </message>
    <message>
        <source>dns.lookup&apos;s second call</source>
        <translation>la segunda llamada a dns.lookup</translation>
    </message>
    <message>
        <source>the thread pool&apos;s start (4 threads)</source>
        <translation>el arranque del pool de hilos (4 hilos)</translation>
    </message>
    <message>
        <source>the first promise rejected with no handler</source>
        <translation>la primera promesa rechazada sin manejador</translation>
    </message>
    <message>
        <source>the first rejection checked after a drain</source>
        <translation>el primer rechazo revisado tras un vaciado</translation>
    </message>
    <message>
        <source>a worker&apos;s first console.log</source>
        <translation>el primer console.log de un worker</translation>
    </message>
    <message>
        <source>a worker&apos;s script, from its last line to its end</source>
        <translation>el script de un worker, de su última línea a su fin</translation>
    </message>
    <message>
        <source>an ES module&apos;s end</source>
        <translation>el final de un módulo ES</translation>
    </message>
    <message>
        <source>the HTTP server&apos;s listen</source>
        <translation>el listen del servidor HTTP</translation>
    </message>
    <message>
        <source>the HTTP server&apos;s first request, beyond a later one</source>
        <translation>la primera petición al servidor HTTP, más allá de una posterior</translation>
    </message>
    <message>
        <source>each request the HTTP server answers</source>
        <translation>cada petición que responde el servidor HTTP</translation>
    </message>
    <message>
        <source>the first http.get</source>
        <translation>el primer http.get</translation>
    </message>
    <message>
        <source>the thread pool&apos;s start while a worker boots, beyond that</source>
        <translation>el arranque del pool de hilos mientras arranca un worker, además</translation>
    </message>
    <message>
        <source>What Node spends each time a line that already ran calls it again, in a loop, once the thread has used the operation %1 times (until then Node&apos;s code for it is still warming, and a line run again costs what a new line does); below a microsecond it is left out.</source>
        <translation>Lo que Node gasta cada vez que una línea que ya se ejecutó la vuelve a llamar, en un bucle, una vez que el hilo ha usado la operación %1 veces (hasta entonces el código de Node para ella aún se está calentando, y una línea ejecutada de nuevo cuesta lo que una línea nueva); por debajo de un microsegundo se omite.</translation>
    </message>
    <message>
        <source>the parent&apos;s first take-in of a worker&apos;s lines, before it prints them</source>
        <translation>la primera recepción de las líneas de un worker por el padre, antes de imprimirlas</translation>
    </message>
    <message>
        <source>the parent&apos;s first take-in of a worker&apos;s lines, after it asks for more</source>
        <translation>la primera recepción de las líneas de un worker por el padre, tras pedir más</translation>
    </message>
    <message>
        <source>a worker&apos;s first write of the lines it held</source>
        <translation>la primera escritura de las líneas que un worker retenía</translation>
    </message>
    <message>
        <source>the first timer callback&apos;s return, beyond a later one&apos;s</source>
        <translation>el retorno del primer callback de un temporizador, más allá del de uno posterior</translation>
    </message>
    <message>
        <source>the same, after the script&apos;s own first http.get</source>
        <translation>lo mismo, tras el primer http.get del propio script</translation>
    </message>
    <message>
        <source>what console.log&apos;s first use saves the first process.nextTick</source>
        <translation>lo que el primer uso de console.log ahorra al primer process.nextTick</translation>
    </message>
    <message>
        <source>what console.log&apos;s first use saves the first queueMicrotask</source>
        <translation>lo que el primer uso de console.log ahorra al primer queueMicrotask</translation>
    </message>
    <message>
        <source>the main module&apos;s end to the first callback</source>
        <translation>del fin del módulo principal al primer callback</translation>
    </message>
    <message>
        <source>the same, more when the main module used console.log</source>
        <translation>lo mismo, de más cuando el módulo principal usó console.log</translation>
    </message>
</context>
<context>
    <name>NumberedConsole</name>
    <message>
        <source>(end of output)</source>
        <translation>(fin de la salida)</translation>
    </message>
</context>
<context>
    <name>OutputBars</name>
    <message>
        <source>(no output)</source>
        <translation>(sin salida)</translation>
    </message>
    <message>
        <source>Outputs over many runs</source>
        <translation>Salidas a lo largo de muchas ejecuciones</translation>
    </message>
    <message>
        <source>Each bar is one distinct console output, its lines in the order printed; its length is the share of runs that printed it.</source>
        <translation>Cada barra es una salida de consola distinta, con sus líneas en el orden impreso; su longitud es la parte de las ejecuciones que la imprimieron.</translation>
    </message>
    <message>
        <source>%L1 of %L2 runs (%L3 %)</source>
        <translation>%L1 de %L2 ejecuciones (%L3 %)</translation>
    </message>
    <message>
        <source>No runs yet.</source>
        <translation>Aún no hay ejecuciones.</translation>
    </message>
    <message>
        <source>No runs yet: press Run.</source>
        <translation>Aún no hay ejecuciones: pulse Ejecutar.</translation>
    </message>
</context>
<context>
    <name>PhaseWheel</name>
    <message>
        <source>The circle of libuv phases. Hover a phase or the centre for what it does.</source>
        <translation>El círculo de las fases de libuv. Pasa el ratón por una fase o por el centro para ver qué hace.</translation>
    </message>
    <message>
        <source>Timers: runs the setTimeout and setInterval callbacks whose time has come. A 0 ms timer still waits for this phase of the next iteration.</source>
        <translation>Timers: ejecuta los callbacks de setTimeout y setInterval cuyo momento ha llegado. Un temporizador de 0 ms también espera a esta fase de la siguiente iteración.</translation>
    </message>
    <message>
        <source>Pending: I/O callbacks libuv deferred from the previous iteration, such as some TCP errors.</source>
        <translation>Pending: callbacks de E/S que libuv aplazó desde la iteración anterior, como algunos errores de TCP.</translation>
    </message>
    <message>
        <source>Idle: libuv&apos;s idle handles. Node keeps one active while immediates are queued, which is what stops poll from sleeping.</source>
        <translation>Idle: los handles idle de libuv. Node mantiene uno activo mientras hay inmediatos en cola, y eso es lo que impide que poll duerma.</translation>
    </message>
    <message>
        <source>Prepare: runs just before poll. libuv computes here how long poll may sleep.</source>
        <translation>Prepare: se ejecuta justo antes de poll. Aquí libuv calcula cuánto puede dormir poll.</translation>
    </message>
    <message>
        <source>Poll: waits for I/O (files via the thread pool, sockets via the OS) and runs their callbacks. It sleeps until a timer is due, unless immediates are pending.</source>
        <translation>Poll: espera la E/S (archivos mediante el grupo de hilos, sockets mediante el sistema operativo) y ejecuta sus callbacks. Duerme hasta que vence un temporizador, salvo que haya inmediatos pendientes.</translation>
    </message>
    <message>
        <source>Check: runs setImmediate callbacks, right after poll. Immediates queued meanwhile wait for the next iteration.</source>
        <translation>Check: ejecuta los callbacks de setImmediate, justo después de poll. Los inmediatos que se encolan entretanto esperan a la siguiente iteración.</translation>
    </message>
    <message>
        <source>Close: runs close callbacks, such as socket.on(&apos;close&apos;), at the end of the iteration.</source>
        <translation>Close: ejecuta los callbacks de cierre, como socket.on(&apos;close&apos;), al final de la iteración.</translation>
    </message>
    <message>
        <source>%1k</source>
        <translation>%1k</translation>
    </message>
    <message>
        <source>no program</source>
        <translation>sin programa</translation>
    </message>
    <message>
        <source>main module</source>
        <translation>módulo principal</translation>
    </message>
    <message>
        <source>%1 iterations/s</source>
        <translation>%1 iteraciones/s</translation>
    </message>
    <message>
        <source>iteration %1</source>
        <translation>iteración %1</translation>
    </message>
    <message>
        <source>nextTick</source>
        <translation>nextTick</translation>
    </message>
    <message>
        <source>microtask</source>
        <translation>microtarea</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>en pausa</translation>
    </message>
    <message>
        <source>aborted</source>
        <translation>abortado</translation>
    </message>
    <message>
        <source>%1 drained</source>
        <translation>%1 procesados</translation>
    </message>
    <message>
        <source>%1 callbacks</source>
        <translation>%1 callbacks</translation>
    </message>
    <message>
        <source>blocked by %1</source>
        <translation>bloqueado por %1</translation>
    </message>
    <message>
        <source>a recording</source>
        <translation>una grabación</translation>
    </message>
    <message>
        <source>Event loop phases</source>
        <translation>Fases del bucle de eventos</translation>
    </message>
    <message>
        <source>%1 % of the last second: %2 % waiting, %3 % running callbacks</source>
        <translation>%1 % del último segundo: %2 % esperando, %3 % ejecutando callbacks</translation>
    </message>
    <message>
        <source>%1 % of the last second</source>
        <translation>%1 % del último segundo</translation>
    </message>
    <message>
        <source>The loop is not iterating.</source>
        <translation>El bucle no está iterando.</translation>
    </message>
    <message>
        <source>The loop is in %1.</source>
        <translation>El bucle está en la fase %1.</translation>
    </message>
    <message>
        <source>Blocked for %1 by %2.</source>
        <translation>Bloqueado durante %1 por %2.</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Time spent: %1.</source>
        <translation>Tiempo dedicado: %1.</translation>
    </message>
    <message numerus="yes">
        <source>Queued: %n nextTick callback(s)</source>
        <translation>
            <numerusform>En cola: %n callback de nextTick</numerusform>
            <numerusform>En cola: %n callbacks de nextTick</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n microtask(s).</source>
        <translation>
            <numerusform>%n microtarea.</numerusform>
            <numerusform>%n microtareas.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>replay at %1</source>
        <translation>en %1</translation>
    </message>
</context>
<context>
    <name>Pictures</name>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>Imagen PNG (*.png);;Dibujo SVG (*.svg)</translation>
    </message>
    <message>
        <source>%1: a picture is written as .png or .svg</source>
        <translation>%1: una imagen se escribe como .png o .svg</translation>
    </message>
    <message>
        <source>Drawn by LoopScope</source>
        <translation>Dibujado por LoopScope</translation>
    </message>
    <message>
        <source>LoopScope report: %1</source>
        <translation>Informe de LoopScope: %1</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>Consola</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>%1: cannot draw the picture</source>
        <translation>%1: no se puede dibujar la imagen</translation>
    </message>
    <message>
        <source>%1: cannot draw the report</source>
        <translation>%1: no se puede dibujar el informe</translation>
    </message>
</context>
<context>
    <name>PoolLanesView</name>
    <message>
        <source>Thread pool lanes</source>
        <translation>Carriles del grupo de hilos</translation>
    </message>
    <message>
        <source>libuv&apos;s thread pool: UV_THREADPOOL_SIZE worker threads (4 unless set) that run file system calls, dns.lookup and crypto such as pbkdf2 off the loop thread. When they finish, the loop runs their callbacks in the poll phase.</source>
        <translation>El grupo de hilos de libuv: UV_THREADPOOL_SIZE hilos de trabajo (4 si no se indica otro valor) que ejecutan llamadas al sistema de archivos, dns.lookup y criptografía como pbkdf2 fuera del hilo del bucle. Cuando terminan, el bucle ejecuta sus callbacks en la fase poll.</translation>
    </message>
    <message>
        <source>A pool lane: one worker thread. The bar is the item it runs now and grows with its running time; an idle lane is a free thread.</source>
        <translation>Un carril del grupo: un hilo de trabajo. La barra es la tarea que ejecuta ahora y crece con su tiempo de ejecución; un carril vacío es un hilo libre.</translation>
    </message>
    <message>
        <source>Work submitted while every thread is busy waits here, first in, first out, however urgent it is: a slow pbkdf2 can delay a readFile.</source>
        <translation>El trabajo enviado mientras todos los hilos están ocupados espera aquí por orden de llegada, por urgente que sea: un pbkdf2 lento puede retrasar un readFile.</translation>
    </message>
    <message>
        <source>How many threads were busy (solid) and how many items waited (light), over the last 10 seconds. The dashed line is the pool size.</source>
        <translation>Cuántos hilos estuvieron ocupados (color sólido) y cuántas tareas esperaron (color claro) en los últimos 10 segundos. La línea discontinua es el tamaño del grupo.</translation>
    </message>
    <message>
        <source>Thread pool</source>
        <translation>Grupo de hilos</translation>
    </message>
    <message>
        <source>%1 of %2 threads busy · %3 waiting</source>
        <translation>%1 de %2 hilos ocupados · %3 en espera</translation>
    </message>
    <message>
        <source>worker %1</source>
        <translation>hilo %1</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>libre</translation>
    </message>
    <message>
        <source>%1  %2</source>
        <translation>%1  %2</translation>
    </message>
    <message>
        <source>Waiting for a free thread: %1</source>
        <translation>Esperando un hilo libre: %1</translation>
    </message>
    <message>
        <source>nothing waiting</source>
        <translation>nada en espera</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>+%1 more</source>
        <translation>+%1 más</translation>
    </message>
    <message>
        <source>Occupancy, last 10 s</source>
        <translation>Ocupación, últimos 10 s</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>en espera</translation>
    </message>
    <message>
        <source>running</source>
        <translation>en ejecución</translation>
    </message>
    <message>
        <source>pool size %1</source>
        <translation>tamaño del grupo: %1</translation>
    </message>
    <message>
        <source>now</source>
        <translation>ahora</translation>
    </message>
    <message>
        <source>−10 s</source>
        <translation>−10 s</translation>
    </message>
    <message>
        <source>Not seen by the probe: it could not find libuv&apos;s thread pool in this node (a stripped build, or one on a shared libuv), so which work waits for a thread and which runs is not known. The callbacks of pool work (FSREQCALLBACK, PBKDF2REQUEST, GETADDRINFOREQWRAP, …) show in the timeline when they run on the loop.</source>
        <translation>La sonda no lo ve: no encontró el pool de hilos de libuv en este node (una compilación sin símbolos, o una con libuv compartida), así que no se sabe qué trabajo espera un hilo y cuál se ejecuta. Los callbacks del trabajo del pool (FSREQCALLBACK, PBKDF2REQUEST, GETADDRINFOREQWRAP, …) aparecen en la línea de tiempo cuando se ejecutan en el bucle.</translation>
    </message>
</context>
<context>
    <name>PoolModel</name>
    <message>
        <source>worker %1</source>
        <translation>hilo %1</translation>
    </message>
    <message>
        <source>queue</source>
        <translation>cola</translation>
    </message>
    <message>
        <source>running</source>
        <translation>en ejecución</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>en espera</translation>
    </message>
    <message>
        <source>%1 has been running on pool worker %2 for %3</source>
        <translation>%1 lleva %3 ejecutándose en el hilo %2 del grupo</translation>
    </message>
    <message>
        <source>%1 has waited %2 for a free pool thread</source>
        <translation>%1 lleva %2 esperando un hilo libre del grupo</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Hilo</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operación</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Tiempo</translation>
    </message>
</context>
<context>
    <name>PresentationController</name>
    <message>
        <source>Larger text</source>
        <translation>Texto más grande</translation>
    </message>
    <message>
        <source>Makes all text larger, for a projector.</source>
        <translation>Agranda todo el texto, para un proyector.</translation>
    </message>
    <message>
        <source>Smaller text</source>
        <translation>Texto más pequeño</translation>
    </message>
    <message>
        <source>Makes all text smaller.</source>
        <translation>Reduce todo el texto.</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>Modo &amp;presentación</translation>
    </message>
    <message>
        <source>Full screen for a lecture: the circle and the panels chosen under Panels in presentation, everything drawn larger, the mouse pointer ringed. F11 again returns to the window as it was.</source>
        <translation>Pantalla completa para una clase: el círculo y los paneles elegidos en Paneles en la presentación, todo dibujado más grande y el puntero del ratón rodeado. F11 de nuevo devuelve la ventana a como estaba.</translation>
    </message>
    <message>
        <source>Presente&amp;r&apos;s view</source>
        <translation>Vista del p&amp;resentador</translation>
    </message>
    <message>
        <source>For the lecturer&apos;s screen: the lesson&apos;s scenario, question and notes, what runs now and what to press next, and a clock. Presentation mode opens it on a second screen when there is one.</source>
        <translation>Para la pantalla del profesor: el escenario de la lección, su pregunta y sus notas, lo que se ejecuta ahora y qué pulsar después, y un reloj. El modo presentación la abre en una segunda pantalla cuando la hay.</translation>
    </message>
    <message>
        <source>Panels in presentation</source>
        <translation>Paneles en la presentación</translation>
    </message>
    <message>
        <source>No room on this screen for larger text: hide a panel (View &gt; Panels in presentation) to give the circle room.</source>
        <translation>No hay sitio en esta pantalla para un texto más grande: oculte un panel (Ver &gt; Paneles en la presentación) para dar sitio al círculo.</translation>
    </message>
</context>
<context>
    <name>PresenterView</name>
    <message>
        <source>Presenter&apos;s view — LoopScope</source>
        <translation>Vista del presentador — LoopScope</translation>
    </message>
    <message>
        <source>The window says</source>
        <translation>La ventana dice</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Después</translation>
    </message>
    <message>
        <source>Notes: why it happens</source>
        <translation>Notas: por qué ocurre</translation>
    </message>
    <message>
        <source>How long this view has been open, and the time of day.</source>
        <translation>Cuánto tiempo lleva abierta esta vista, y la hora del día.</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>No scenario selected: pick one in the Scenarios tab.</source>
        <translation>Ningún escenario seleccionado: elige uno en la pestaña Escenarios.</translation>
    </message>
    <message>
        <source>Ask the question, let the room guess, then Run and check in the Lesson tab.</source>
        <translation>Haz la pregunta, deja que la sala adivine y después Ejecutar y comprobar en la pestaña Lección.</translation>
    </message>
</context>
<context>
    <name>ProcessMenu</name>
    <message>
        <source>Pro&amp;cess</source>
        <translation>Pro&amp;ceso</translation>
    </message>
    <message>
        <source>A program recorded with its child processes (Follow child processes): which of them the views show. Each is a recording of its own, on its own clock.</source>
        <translation>Un programa grabado con sus procesos hijos (Seguir los procesos hijos): cuál de ellos muestran las vistas. Cada uno es una grabación propia, con su propio reloj.</translation>
    </message>
    <message>
        <source>Only a program recorded with its child processes has more than one</source>
        <translation>Solo un programa grabado con sus procesos hijos tiene más de uno</translation>
    </message>
    <message>
        <source>%1 (pid %2)</source>
        <translation>%1 (pid %2)</translation>
    </message>
    <message>
        <source>The program: %1</source>
        <translation>El programa: %1</translation>
    </message>
    <message>
        <source>Child %1: %2</source>
        <translation>Hijo %1: %2</translation>
    </message>
</context>
<context>
    <name>ProgressTask</name>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>QueueModel</name>
    <message>
        <source>nextTick queue</source>
        <translation>Cola de nextTick</translation>
    </message>
    <message>
        <source>Microtask queue</source>
        <translation>Cola de microtareas</translation>
    </message>
    <message>
        <source>Timers</source>
        <translation>Temporizadores</translation>
    </message>
    <message>
        <source>Immediates</source>
        <translation>Inmediatos</translation>
    </message>
    <message>
        <source>Close callbacks</source>
        <translation>Callbacks de cierre</translation>
    </message>
    <message>
        <source>process.nextTick callbacks. Node drains this queue completely after every callback, before promises, so a self-rescheduling nextTick starves the loop.</source>
        <translation>Callbacks de process.nextTick. Node vacía esta cola por completo después de cada callback, antes que las promesas, así que un nextTick que se reprograma a sí mismo deja al bucle sin avanzar.</translation>
    </message>
    <message>
        <source>Promise reactions and queueMicrotask jobs. They run right after the nextTick queue, until none are left, before the loop moves to its next callback.</source>
        <translation>Reacciones de Promise y tareas de queueMicrotask. Se ejecutan justo después de la cola de nextTick, hasta que no queda ninguna, antes de que el bucle pase al siguiente callback.</translation>
    </message>
    <message>
        <source>setTimeout and setInterval callbacks, ordered by due time. They run in the timers phase once their time has come, never earlier.</source>
        <translation>Callbacks de setTimeout y setInterval, ordenados por vencimiento. Se ejecutan en la fase timers cuando llega su momento, nunca antes.</translation>
    </message>
    <message>
        <source>setImmediate callbacks. They run in the check phase, right after poll; while any wait, poll does not sleep.</source>
        <translation>Callbacks de setImmediate. Se ejecutan en la fase check, justo después de poll; mientras haya alguno esperando, poll no duerme.</translation>
    </message>
    <message>
        <source>Callbacks of closed handles (socket.on(&apos;close&apos;)), run in the close phase at the end of the iteration.</source>
        <translation>Callbacks de handles cerrados (socket.on(&apos;close&apos;)), que se ejecutan en la fase close al final de la iteración.</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… y %n más</numerusform>
            <numerusform>… y %n más</numerusform>
        </translation>
    </message>
    <message>
        <source>due now</source>
        <translation>vence ahora</translation>
    </message>
    <message>
        <source>in %1 ms</source>
        <translation>en %1 ms</translation>
    </message>
    <message>
        <source>Callback</source>
        <translation>Callback</translation>
    </message>
    <message>
        <source>Job kind</source>
        <translation>Tipo de tarea</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Vence</translation>
    </message>
    <message>
        <source>running now</source>
        <translation>ejecutándose ahora</translation>
    </message>
    <message>
        <source>late by %1</source>
        <translation>con %1 de retraso</translation>
    </message>
    <message>
        <source>runs next</source>
        <translation>va después</translation>
    </message>
</context>
<context>
    <name>ReplayPlayer</name>
    <message>
        <source>1/%L1 of real time</source>
        <translation>1/%L1 del tiempo real</translation>
    </message>
    <message>
        <source>Real time</source>
        <translation>Tiempo real</translation>
    </message>
    <message>
        <source>%L1 times real time</source>
        <translation>%L1 veces el tiempo real</translation>
    </message>
</context>
<context>
    <name>RunManyDialog</name>
    <message>
        <source>Run many times: %1</source>
        <translation>Ejecutar muchas veces: %1</translation>
    </message>
    <message>
        <source>Runs %1 again and again, each time on a fresh loop, and counts what each run printed. When the order depends on timing (a race), more than one output appears, each about as often as the loop&apos;s clock decides it; nothing is drawn at random.</source>
        <translation>Ejecuta %1 una y otra vez, cada vez en un bucle nuevo, y cuenta lo que imprimió cada ejecución. Cuando el orden depende de los tiempos (una carrera), aparece más de una salida, cada una con la frecuencia que decide el reloj del bucle; nada se sortea al azar.</translation>
    </message>
    <message>
        <source>&amp;Runs:</source>
        <translation>&amp;Ejecuciones:</translation>
    </message>
    <message>
        <source>How many times to run the program. A hundred runs show a race&apos;s proportions to within a few runs in a hundred.</source>
        <translation>Cuántas veces ejecutar el programa. Cien ejecuciones muestran las proporciones de una carrera con un margen de unas pocas ejecuciones de cada cien.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ejecutar</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <source>Stops after the run in progress; the runs so far stay counted (Esc).</source>
        <translation>Se detiene tras la ejecución en curso; las ejecuciones hechas siguen contadas (Esc).</translation>
    </message>
    <message>
        <source>%v of %m runs</source>
        <translation>%v de %m ejecuciones</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>A run did not end within %L1 s, so the program may never end on its own (a server, an endless chain); the runs before it are counted.</source>
        <translation>Una ejecución no terminó en %L1 s, así que el programa quizá nunca termine solo (un servidor, una cadena sin fin); las ejecuciones anteriores quedan contadas.</translation>
    </message>
    <message>
        <source>Every run so far (%L1) printed the same output: this order does not depend on timing.</source>
        <translation>Todas las ejecuciones hasta ahora (%L1) imprimieron la misma salida: este orden no depende de los tiempos.</translation>
    </message>
    <message>
        <source>%L1 different outputs in %L2 runs: the order depends on timing, a race.</source>
        <translation>%L1 salidas distintas en %L2 ejecuciones: el orden depende de los tiempos, una carrera.</translation>
    </message>
    <message>
        <source>Node&apos;s costs as measured on this machine with Node.js %1 (%2).</source>
        <translation>Costes de Node tal como se midieron en esta máquina con Node.js %1 (%2).</translation>
    </message>
    <message>
        <source>Node&apos;s costs as Node 20 spent them on the development machine: Loop &gt; Calibrate with this machine&apos;s Node.js… measures this machine&apos;s, so the proportions are its Node&apos;s.</source>
        <translation>Costes de Node tal como los gastó Node 20 en la máquina de desarrollo: Bucle &gt; Calibrar con el Node.js de esta máquina… mide los de esta máquina, para que las proporciones sean las de su Node.</translation>
    </message>
</context>
<context>
    <name>Scenario</name>
    <message>
        <source>An async function is not a thread</source>
        <translation>Una función async no es un hilo</translation>
    </message>
    <message>
        <source>The async function hashes synchronously before its first await, on the loop thread. The 10 ms interval cannot tick until it returns: every tick prints after the function has handed back its promise.</source>
        <translation>La función async calcula hashes de forma síncrona antes de su primer await, en el hilo del bucle. El intervalo de 10 ms no puede dispararse hasta que retorna: cada tick se imprime después de que la función haya devuelto su promesa.</translation>
    </message>
    <message>
        <source>milliseconds of synchronous hashing</source>
        <translation>milisegundos de hash síncrono</translation>
    </message>
    <message>
        <source>await p against p.then().then(), as Node 10 did it</source>
        <translation>await p frente a p.then().then(), como lo hacía Node 10</translation>
    </message>
    <message>
        <source>Node 10 wrapped the awaited promise in a throwaway promise: a PromiseResolveThenableJob and two PromiseReactionJobs, three ticks, so both then handlers run first: tick:a, tick:b, after:await.</source>
        <translation>Node 10 envolvía la promesa esperada en una promesa desechable: un PromiseResolveThenableJob y dos PromiseReactionJob, tres ticks, así que los dos manejadores then se ejecutan antes: tick:a, tick:b, after:await.</translation>
    </message>
    <message>
        <source>await p against p.then().then()</source>
        <translation>await p frente a p.then().then()</translation>
    </message>
    <message>
        <source>Since Node 12 awaiting a native promise costs one microtask tick, so the async function resumes before the second then handler: after:await, tick:a, tick:b. Compare with the Node 10 variant.</source>
        <translation>Desde Node 12, esperar una promesa nativa cuesta un solo tick de microtarea, así que la función async se reanuda antes del segundo manejador then: after:await, tick:a, tick:b. Compáralo con la variante de Node 10.</translation>
    </message>
    <message>
        <source>compute-async: awaiting between steps still blocks</source>
        <translation>compute-async: hacer await entre pasos sigue bloqueando</translation>
    </message>
    <message>
        <source>Each step hashes, then awaits. An await is a microtask, and the microtask queue drains completely before the loop moves on, so the whole computation runs in one drain and the 1 ms timer waits for all of it.</source>
        <translation>Cada paso calcula un hash y luego hace await. Un await es una microtarea, y la cola de microtareas se vacía por completo antes de que el bucle avance, así que todo el cálculo se ejecuta en un solo vaciado y el temporizador de 1 ms lo espera entero.</translation>
    </message>
    <message>
        <source>hash-and-await steps</source>
        <translation>pasos de hash y await</translation>
    </message>
    <message>
        <source>compute-with-set-immediate: responsive at full speed</source>
        <translation>compute-with-set-immediate: receptivo a toda velocidad</translation>
    </message>
    <message>
        <source>Each step hashes a little, then yields with setImmediate. Immediates keep poll from sleeping (timeout 0), so the CPU stays busy, yet every iteration passes through poll and /health is answered between steps.</source>
        <translation>Cada paso calcula un poco de hash y luego cede el control con setImmediate. Los inmediatos impiden que poll duerma (tiempo de espera 0), así que la CPU sigue ocupada, pero cada iteración pasa por poll y /health se responde entre pasos.</translation>
    </message>
    <message>
        <source>setImmediate-chunked steps</source>
        <translation>pasos troceados con setImmediate</translation>
    </message>
    <message>
        <source>hash updates per step</source>
        <translation>actualizaciones de hash por paso</translation>
    </message>
    <message>
        <source>compute-sync: hashing in one go stalls every /health probe</source>
        <translation>compute-sync: calcular el hash de una vez bloquea todas las sondas /health</translation>
    </message>
    <message>
        <source>The handler hashes random strings synchronously. While it runs the loop never reaches poll, so every /health probe waits until it returns: the health line climbs to the full computation time and loop delay equals it.</source>
        <translation>El manejador calcula hashes de cadenas aleatorias de forma síncrona. Mientras se ejecuta, el bucle nunca llega a poll, así que cada sonda /health espera a que retorne: la línea de /health sube hasta el tiempo total del cálculo y el retardo del bucle lo iguala.</translation>
    </message>
    <message>
        <source>compute-with-set-timeout: responsive, but mostly asleep</source>
        <translation>compute-with-set-timeout: receptivo, pero casi siempre dormido</translation>
    </message>
    <message>
        <source>Each step hashes a little, then waits for setTimeout(0), which is really 1 ms: poll sleeps with timeout 1 between steps. /health answers quickly, but the CPU idles and the job crawls.</source>
        <translation>Cada paso calcula un poco de hash y luego espera a setTimeout(0), que en realidad es 1 ms: poll duerme con un tiempo de espera de 1 entre pasos. /health responde rápido, pero la CPU está ociosa y el trabajo avanza muy despacio.</translation>
    </message>
    <message>
        <source>setTimeout-chunked steps</source>
        <translation>pasos troceados con setTimeout</translation>
    </message>
    <message>
        <source>Counting: while against nextTick, setTimeout(0) and batched nextTick</source>
        <translation>Contar: while frente a nextTick, setTimeout(0) y nextTick por lotes</translation>
    </message>
    <message>
        <source>The same count four ways. A while loop never yields; a nextTick per step pays for a callback each time; setTimeout(0) pays a whole loop iteration and a 1 ms sleep per step; batching a million steps per nextTick is nearly as fast as the while loop. Compare the spans on the timeline.</source>
        <translation>La misma cuenta de cuatro formas. Un bucle while nunca cede el control; un nextTick por paso paga un callback cada vez; setTimeout(0) paga una iteración completa del bucle y 1 ms de espera por paso; agrupar un millón de pasos por nextTick es casi tan rápido como el bucle while. Compara los tramos en la línea de tiempo.</translation>
    </message>
    <message>
        <source>steps for while, nextTick and batched</source>
        <translation>pasos para while, nextTick y por lotes</translation>
    </message>
    <message>
        <source>steps for the setTimeout(0) chain</source>
        <translation>pasos de la cadena de setTimeout(0)</translation>
    </message>
    <message>
        <source>nextTick callbacks in the batched version</source>
        <translation>callbacks de nextTick en la versión por lotes</translation>
    </message>
    <message>
        <source>steps per batched callback</source>
        <translation>pasos por callback del lote</translation>
    </message>
    <message>
        <source>Guess the order inside an I/O callback</source>
        <translation>Adivina el orden dentro de un callback de E/S</translation>
    </message>
    <message>
        <source>A readFile callback queues a 0 ms timer, an immediate, a promise reaction and a nextTick, then logs. Watch the poll phase: the callback runs there, its nextTick and promise drain right after it, check runs the immediate, and the timer waits for the next iteration&apos;s timers phase.</source>
        <translation>Un callback de readFile encola un temporizador de 0 ms, un inmediato, una reacción de promesa y un nextTick, y luego escribe con console.log. Observa la fase poll: el callback se ejecuta ahí, su nextTick y su promesa se vacían justo después, check ejecuta el inmediato y el temporizador espera a la fase timers de la siguiente iteración.</translation>
    </message>
    <message>
        <source>JSON.parse of a large payload blocks the loop</source>
        <translation>JSON.parse de una carga grande bloquea el bucle</translation>
    </message>
    <message>
        <source>Parsing is synchronous: while the order export is parsed no other callback runs, and the loop-delay monitor&apos;s maximum equals the parse time.</source>
        <translation>El análisis es síncrono: mientras se analiza la exportación de pedidos no se ejecuta ningún otro callback, y el máximo del monitor de retardo del bucle es igual al tiempo de análisis.</translation>
    </message>
    <message>
        <source>megabytes of order lines to parse</source>
        <translation>megabytes de líneas de pedido que analizar</translation>
    </message>
    <message>
        <source>setTimeout(0) against setImmediate from an ES module</source>
        <translation>setTimeout(0) frente a setImmediate desde un módulo ES</translation>
    </message>
    <message>
        <source>An ES module body runs inside a promise job that starts from an I/O callback in the poll phase, so check comes before the next timers phase: setImmediate always wins.</source>
        <translation>El cuerpo de un módulo ES se ejecuta dentro de una tarea de promesa que arranca desde un callback de E/S en la fase poll, así que check llega antes que la siguiente fase timers: setImmediate siempre gana.</translation>
    </message>
    <message>
        <source>setTimeout(0) against setImmediate from the main module</source>
        <translation>setTimeout(0) frente a setImmediate desde el módulo principal</translation>
    </message>
    <message>
        <source>From the main module the order is not fixed: the timer fires first only if a millisecond has passed before the loop&apos;s first timers phase. Run it several times; both orders appear, immediate far more often.</source>
        <translation>Desde el módulo principal el orden no es fijo: el temporizador se dispara primero solo si ha pasado un milisegundo antes de la primera fase timers del bucle. Ejecútalo varias veces; aparecen los dos órdenes, con el inmediato primero mucho más a menudo.</translation>
    </message>
    <message>
        <source>A self-rescheduling setImmediate lets a 1 ms timer in</source>
        <translation>Un setImmediate que se reprograma a sí mismo deja pasar a un temporizador de 1 ms</translation>
    </message>
    <message>
        <source>Each setImmediate step waits for the next check phase, so every step is a whole loop iteration: the 1 ms timer gets its turn early, at the price of one iteration per step.</source>
        <translation>Cada paso de setImmediate espera a la siguiente fase check, así que cada paso es una iteración completa del bucle: al temporizador de 1 ms le llega pronto su turno, a costa de una iteración por paso.</translation>
    </message>
    <message>
        <source>how many times the callback reschedules itself</source>
        <translation>cuántas veces se reprograma el callback a sí mismo</translation>
    </message>
    <message>
        <source>A self-rescheduling nextTick starves a 1 ms timer</source>
        <translation>Un nextTick que se reprograma a sí mismo deja sin turno a un temporizador de 1 ms</translation>
    </message>
    <message>
        <source>The loop cannot leave a nextTick drain while ticks keep arriving, so the 1 ms timer only runs after every one of the steps. The timeline shows one long drain inside the main callback and the timer afterwards.</source>
        <translation>El bucle no puede salir de un vaciado de nextTick mientras sigan llegando ticks, así que el temporizador de 1 ms solo se ejecuta después de todos los pasos. La línea de tiempo muestra un largo vaciado dentro del callback principal y después el temporizador.</translation>
    </message>
    <message>
        <source>Six pbkdf2 calls on a pool of four finish in two waves</source>
        <translation>Seis llamadas a pbkdf2 en un grupo de cuatro hilos terminan en dos oleadas</translation>
    </message>
    <message>
        <source>libuv&apos;s pool has four threads by default: four pbkdf2 calls run at once and finish together; the last two wait in the queue and finish about one duration later. The pool lanes show the second wave starting only as threads free up.</source>
        <translation>El grupo de libuv tiene cuatro hilos por defecto: cuatro llamadas a pbkdf2 se ejecutan a la vez y terminan juntas; las dos últimas esperan en la cola y terminan aproximadamente una duración más tarde. Los carriles del grupo muestran que la segunda oleada solo empieza a medida que se liberan hilos.</translation>
    </message>
    <message>
        <source>PBKDF2 iterations per call</source>
        <translation>iteraciones de PBKDF2 por llamada</translation>
    </message>
    <message>
        <source>A full thread pool holds fs and dns back, not the network</source>
        <translation>Un grupo de hilos lleno retiene fs y dns, no la red</translation>
    </message>
    <message>
        <source>Four slow pbkdf2 calls take every thread of a pool of four. fs.readFile and dns.lookup need the pool too, so they wait for the first pbkdf2 to finish; the HTTP request goes through the OS poller and finishes at once. Run it with --threadpool-size 8 and all three finish early.</source>
        <translation>Cuatro llamadas lentas a pbkdf2 ocupan todos los hilos de un grupo de cuatro. fs.readFile y dns.lookup también necesitan el grupo, así que esperan a que termine el primer pbkdf2; la petición HTTP pasa por el mecanismo de sondeo del sistema operativo y termina enseguida. Ejecútalo con --threadpool-size 8 y las tres terminan pronto.</translation>
    </message>
    <message>
        <source>Price report in chunks: /health waits one chunk at most</source>
        <translation>Informe de precios por partes: /health espera como mucho una parte</translation>
    </message>
    <message>
        <source>The same work in slices, each followed by await setImmediate. Between slices the loop reaches poll and answers /health, so the slowest answer is about one chunk.</source>
        <translation>El mismo trabajo en porciones, cada una seguida de await setImmediate. Entre porciones el bucle llega a poll y responde a /health, así que la respuesta más lenta dura aproximadamente una parte.</translation>
    </message>
    <message>
        <source>slices of the report</source>
        <translation>porciones del informe</translation>
    </message>
    <message>
        <source>milliseconds per slice</source>
        <translation>milisegundos por porción</translation>
    </message>
    <message>
        <source>Price report inline: /health waits for the whole report</source>
        <translation>Informe de precios de una sola vez: /health espera a todo el informe</translation>
    </message>
    <message>
        <source>The report runs in one go on the loop thread. Every /health probe that arrives meanwhile waits until it is done: the slowest answer is about the report&apos;s duration, and so is the loop delay.</source>
        <translation>El informe se ejecuta de una sola vez en el hilo del bucle. Cada sonda /health que llega entretanto espera a que termine: la respuesta más lenta dura aproximadamente lo mismo que el informe, y el retardo del bucle también.</translation>
    </message>
    <message>
        <source>milliseconds the price report computes</source>
        <translation>milisegundos de cálculo del informe de precios</translation>
    </message>
    <message>
        <source>Price report in a worker: /health stays at about 1 ms</source>
        <translation>Informe de precios en un worker: /health se mantiene en torno a 1 ms</translation>
    </message>
    <message>
        <source>The report runs on a worker: a second loop on its own thread. The main loop stays free and answers /health at once; the result comes back as a message in the main loop&apos;s poll phase.</source>
        <translation>El informe se ejecuta en un worker: un segundo bucle en su propio hilo. El bucle principal queda libre y responde a /health enseguida; el resultado vuelve como un mensaje en la fase poll del bucle principal.</translation>
    </message>
    <message>
        <source>ReDoS: a coupon regex with nested quantifiers</source>
        <translation>ReDoS: una expresión regular de cupones con cuantificadores anidados</translation>
    </message>
    <message>
        <source>The vulnerable pattern /^([A-Z0-9]+-?)+$/ backtracks through every way to split a failing input, so each two extra characters cost about four times as long; the safe pattern accepts the same codes and stays flat. Compare the callback durations on the timeline.</source>
        <translation>El patrón vulnerable /^([A-Z0-9]+-?)+$/ prueba, con retroceso, todas las formas de dividir una entrada que no coincide, así que cada dos caracteres más el tiempo se multiplica aproximadamente por cuatro; el patrón seguro acepta los mismos códigos y se mantiene plano. Compara la duración de los callbacks en la línea de tiempo.</translation>
    </message>
    <message>
        <source>nextTick against a promise reaction (ES module)</source>
        <translation>nextTick frente a una reacción de promesa (módulo ES)</translation>
    </message>
    <message>
        <source>An ES module body is itself a promise job, so the microtask queue keeps draining after it and promise.then prints before process.nextTick.</source>
        <translation>El cuerpo de un módulo ES es en sí mismo una tarea de promesa, así que la cola de microtareas sigue vaciándose después de él y promise.then imprime antes que process.nextTick.</translation>
    </message>
    <message>
        <source>nextTick against a promise reaction (CommonJS)</source>
        <translation>nextTick frente a una reacción de promesa (CommonJS)</translation>
    </message>
    <message>
        <source>After a CommonJS main module Node drains the nextTick queue first and the microtask queue second, so process.nextTick prints before promise.then.</source>
        <translation>Tras un módulo principal CommonJS, Node vacía primero la cola de nextTick y después la de microtareas, así que process.nextTick imprime antes que promise.then.</translation>
    </message>
    <message>
        <source>pbkdf2Sync in a request handler blocks the loop</source>
        <translation>pbkdf2Sync en un manejador de peticiones bloquea el bucle</translation>
    </message>
    <message>
        <source>Synchronous password hashing does the pool&apos;s work on the loop&apos;s own thread: for as long as pbkdf2Sync derives its key no other callback runs, and the loop-delay monitor&apos;s maximum is about the time the hash took. crypto.pbkdf2 does the same work on the thread pool instead.</source>
        <translation>El hash síncrono de contraseñas hace el trabajo del pool en el propio hilo del bucle: mientras pbkdf2Sync deriva su clave no se ejecuta ningún otro callback, y el máximo del monitor de retraso del bucle es más o menos lo que tardó el hash. crypto.pbkdf2 hace el mismo trabajo en el pool de hilos.</translation>
    </message>
    <message>
        <source>PBKDF2 iterations of the hash</source>
        <translation>iteraciones PBKDF2 del hash</translation>
    </message>
    <message>
        <source>setTimeout(0) is 1 ms: poll sleeps between the steps</source>
        <translation>setTimeout(0) es 1 ms: poll duerme entre los pasos</translation>
    </message>
    <message>
        <source>Two chains of the same number of steps: one reschedules itself with setImmediate, the other with setTimeout(0). setTimeout turns 0 into 1 ms, so between its steps libuv tells poll to wait 1 ms and the loop sleeps, while a pending immediate makes poll return at once. Tracing uv__io_poll with a debugger shows those timeouts; here the Run figures and --summary list them.</source>
        <translation>Dos cadenas con el mismo número de pasos: una se reprograma con setImmediate, la otra con setTimeout(0). setTimeout convierte el 0 en 1 ms, así que entre sus pasos libuv le dice a poll que espere 1 ms y el bucle duerme, mientras que un immediate pendiente hace que poll vuelva enseguida. Trazar uv__io_poll con un depurador muestra esos timeouts; aquí los muestran las cifras de la ejecución y --summary.</translation>
    </message>
    <message>
        <source>steps of each chain</source>
        <translation>pasos de cada cadena</translation>
    </message>
</context>
<context>
    <name>ScenarioBrowser</name>
    <message>
        <source>Run</source>
        <translation>Ejecutar</translation>
    </message>
    <message>
        <source>Runs the selected scenario on a fresh loop; the previous run stops. (%1)</source>
        <translation>Ejecuta el escenario seleccionado en un bucle nuevo; la ejecución anterior se detiene. (%1)</translation>
    </message>
    <message>
        <source>The same program as a Node.js script (loopscope --emit-js). Run it with node to compare.</source>
        <translation>El mismo programa como script de Node.js (loopscope --emit-js). Ejecútalo con node para comparar.</translation>
    </message>
    <message>
        <source>The equivalent Node.js script appears here.</source>
        <translation>Aquí aparece el script de Node.js equivalente.</translation>
    </message>
    <message>
        <source>Compare with Node.js…</source>
        <translation>Comparar con Node.js…</translation>
    </message>
    <message>
        <source>Runs the selected scenario&apos;s script (beside) in node and the scenario in LoopScope, several times when its order depends on timing, and shows both consoles side by side with the first difference highlighted.</source>
        <translation>Ejecuta el script del escenario seleccionado (al lado) en node y el escenario en LoopScope, varias veces cuando su orden depende del tiempo, y muestra las dos consolas una al lado de la otra con la primera diferencia resaltada.</translation>
    </message>
    <message>
        <source>--set %1=%2 on the command line</source>
        <translation>--set %1=%2 en la línea de órdenes</translation>
    </message>
    <message>
        <source>No scenario selected</source>
        <translation>Ningún escenario seleccionado</translation>
    </message>
    <message>
        <source>What the window shows is not a built-in scenario&apos;s run (a recording of another program, or a program run with Node). Pick a scenario to see its script.</source>
        <translation>Lo que muestra la ventana no es la ejecución de un escenario incorporado (una grabación de otro programa, o un programa ejecutado con Node). Elige un escenario para ver su script.</translation>
    </message>
    <message>
        <source>The built-in experiments, grouped by the article they come from or by topic. Select one to read what it asks; Run starts it on a fresh loop.</source>
        <translation>Los experimentos incluidos, agrupados por el artículo del que vienen o por tema. Selecciona uno para leer qué pregunta; Ejecutar lo inicia en un bucle nuevo.</translation>
    </message>
    <message>
        <source>By article</source>
        <translation>Por artículo</translation>
    </message>
    <message>
        <source>By topic</source>
        <translation>Por tema</translation>
    </message>
    <message>
        <source>Groups the experiments by the article each comes from, or by what it teaches.</source>
        <translation>Agrupa los experimentos por el artículo del que viene cada uno o por lo que enseña.</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Otros</translation>
    </message>
    <message>
        <source>%1
(%2)</source>
        <translation>%1
(%2)</translation>
    </message>
    <message>
        <source>“%1” (%2)</source>
        <translation>«%1» (%2)</translation>
    </message>
    <message>
        <source>From %1.</source>
        <translation>De %1.</translation>
    </message>
    <message>
        <source> and </source>
        <translation> y </translation>
    </message>
    <message>
        <source>Drag to show more of the scenario or of its Node.js script.</source>
        <translation>Arrastra para ver más del escenario o de su script de Node.js.</translation>
    </message>
</context>
<context>
    <name>ScenarioCatalog</name>
    <message>
        <source>unknown scenario &apos;%1&apos; (--list-scenarios shows them all)</source>
        <translation>escenario desconocido &apos;%1&apos; (--list-scenarios los muestra todos)</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1: no existe el archivo</translation>
    </message>
    <message>
        <source>%1: not a regular file</source>
        <translation>%1: no es un archivo normal</translation>
    </message>
    <message>
        <source>%1: the program is %2 MiB; programs larger than %3 MiB are refused</source>
        <translation>%1: el programa ocupa %2 MiB; se rechazan los programas de más de %3 MiB</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1: no se puede abrir: %2</translation>
    </message>
    <message>
        <source>%1: programs larger than %2 MiB are refused</source>
        <translation>%1: se rechazan los programas de más de %2 MiB</translation>
    </message>
</context>
<context>
    <name>ScenarioGuide</name>
    <message>
        <source>How even fast async functions can block the event loop</source>
        <translation>Cómo incluso las funciones asíncronas rápidas pueden bloquear el bucle de eventos</translation>
    </message>
    <message>
        <source>An article by an engineer at Snyk, in Spanish</source>
        <translation>Un artículo de un ingeniero de Snyk, en español</translation>
    </message>
    <message>
        <source>Faster async functions and promises</source>
        <translation>Funciones asíncronas y promesas más rápidas</translation>
    </message>
    <message>
        <source>The V8 team&apos;s article, in Spanish</source>
        <translation>El artículo del equipo de V8, en español</translation>
    </message>
    <message>
        <source>The event loop on the server: phases, nextTick, setImmediate, blocking</source>
        <translation>El bucle de eventos en el servidor: fases, nextTick, setImmediate, bloqueos</translation>
    </message>
    <message>
        <source>Mert Özen&apos;s article, in English</source>
        <translation>El artículo de Mert Özen, en inglés</translation>
    </message>
    <message>
        <source>Counting with while, nextTick and setTimeout</source>
        <translation>Contar con while, nextTick y setTimeout</translation>
    </message>
    <message>
        <source>The Mythic Logos blog, in English</source>
        <translation>El blog Mythic Logos, en inglés</translation>
    </message>
    <message>
        <source>Concurrency in Node.js: libuv, the event loop and the thread pool</source>
        <translation>Concurrencia en Node.js: libuv, el bucle de eventos y el pool de hilos</translation>
    </message>
    <message>
        <source>An article in Belarusian</source>
        <translation>Un artículo en bielorruso</translation>
    </message>
    <message>
        <source>Which callback runs first</source>
        <translation>Qué callback se ejecuta primero</translation>
    </message>
    <message>
        <source>Microtasks, promises and await</source>
        <translation>Microtareas, promesas y await</translation>
    </message>
    <message>
        <source>Giving the loop back: nextTick, setImmediate, setTimeout</source>
        <translation>Devolver el bucle: nextTick, setImmediate, setTimeout</translation>
    </message>
    <message>
        <source>Blocking the loop</source>
        <translation>Bloquear el bucle</translation>
    </message>
    <message>
        <source>The thread pool and workers</source>
        <translation>El pool de hilos y los workers</translation>
    </message>
    <message>
        <source>Inside a readFile callback, in which order do a timer, an immediate, a promise and a nextTick run?</source>
        <translation>Dentro de un callback de readFile, ¿en qué orden se ejecutan un temporizador, un immediate, una promesa y un nextTick?</translation>
    </message>
    <message>
        <source>From the main module, does setTimeout(0) or setImmediate run first?</source>
        <translation>Desde el módulo principal, ¿se ejecuta antes setTimeout(0) o setImmediate?</translation>
    </message>
    <message>
        <source>From an ES module, does setTimeout(0) or setImmediate run first?</source>
        <translation>Desde un módulo ES, ¿se ejecuta antes setTimeout(0) o setImmediate?</translation>
    </message>
    <message>
        <source>After a CommonJS module, does process.nextTick or promise.then print first?</source>
        <translation>Tras un módulo CommonJS, ¿imprime antes process.nextTick o promise.then?</translation>
    </message>
    <message>
        <source>After an ES module, does process.nextTick or promise.then print first?</source>
        <translation>Tras un módulo ES, ¿imprime antes process.nextTick o promise.then?</translation>
    </message>
    <message>
        <source>Does await p resume before or after the handlers of p.then().then()?</source>
        <translation>¿Se reanuda await p antes o después de los manejadores de p.then().then()?</translation>
    </message>
    <message>
        <source>How did the three ticks of Node 10&apos;s await change that order?</source>
        <translation>¿Cómo cambiaban ese orden los tres ticks del await de Node 10?</translation>
    </message>
    <message>
        <source>Can a 1 ms timer run while nextTick callbacks keep queuing themselves?</source>
        <translation>¿Puede ejecutarse un temporizador de 1 ms mientras los callbacks de nextTick se siguen encolando a sí mismos?</translation>
    </message>
    <message>
        <source>Does a setImmediate that queues itself let the 1 ms timer in?</source>
        <translation>¿Deja pasar al temporizador de 1 ms un setImmediate que se encola a sí mismo?</translation>
    </message>
    <message>
        <source>Why does a chain of setTimeout(0) sleep where a chain of setImmediate does not?</source>
        <translation>¿Por qué una cadena de setTimeout(0) duerme donde una cadena de setImmediate no?</translation>
    </message>
    <message>
        <source>Does yielding with setTimeout(0) keep /health answered, and at what cost?</source>
        <translation>¿Ceder con setTimeout(0) mantiene /health respondido, y a qué precio?</translation>
    </message>
    <message>
        <source>Does yielding with setImmediate keep /health answered at full speed?</source>
        <translation>¿Ceder con setImmediate mantiene /health respondido a toda velocidad?</translation>
    </message>
    <message>
        <source>Which count is fastest: while, nextTick, setTimeout(0) or batched nextTick?</source>
        <translation>¿Qué cuenta es más rápida: while, nextTick, setTimeout(0) o nextTick por lotes?</translation>
    </message>
    <message>
        <source>Does /health answer while a request hashes in one go?</source>
        <translation>¿Responde /health mientras una petición calcula hashes de una vez?</translation>
    </message>
    <message>
        <source>Does awaiting between the steps let /health in?</source>
        <translation>¿Deja pasar a /health un await entre los pasos?</translation>
    </message>
    <message>
        <source>Does an async function run its body on another thread?</source>
        <translation>¿Ejecuta una función async su cuerpo en otro hilo?</translation>
    </message>
    <message>
        <source>How long does JSON.parse of a large payload hold the loop?</source>
        <translation>¿Cuánto tiempo retiene el bucle JSON.parse de una carga grande?</translation>
    </message>
    <message>
        <source>Does pbkdf2Sync in a request handler hold the loop as JSON.parse does?</source>
        <translation>¿Retiene el bucle pbkdf2Sync en un manejador de peticiones como lo hace JSON.parse?</translation>
    </message>
    <message>
        <source>How fast does a vulnerable regex&apos;s time grow with its input?</source>
        <translation>¿Con qué rapidez crece el tiempo de una regex vulnerable con su entrada?</translation>
    </message>
    <message>
        <source>How long does /health wait while a report runs inline?</source>
        <translation>¿Cuánto espera /health mientras un informe se calcula en línea?</translation>
    </message>
    <message>
        <source>How long does /health wait while the report runs in chunks?</source>
        <translation>¿Cuánto espera /health mientras el informe se calcula por partes?</translation>
    </message>
    <message>
        <source>How long does /health wait while the report runs in a worker?</source>
        <translation>¿Cuánto espera /health mientras el informe se calcula en un worker?</translation>
    </message>
    <message>
        <source>With the thread pool full, which waits: fs, dns or HTTP?</source>
        <translation>Con el pool de hilos lleno, ¿quién espera: fs, dns o HTTP?</translation>
    </message>
    <message>
        <source>Six pbkdf2 calls on a pool of four threads: when does each finish?</source>
        <translation>Seis llamadas a pbkdf2 en un pool de cuatro hilos: ¿cuándo termina cada una?</translation>
    </message>
</context>
<context>
    <name>SessionController</name>
    <message>
        <source>Server loop: inject workloads</source>
        <translation>Bucle del servidor: inyecta cargas de trabajo</translation>
    </message>
    <message>
        <source>The probe that watches a Node.js program is missing (%1). It is built with LoopScope where Node.js and its headers are installed (scripts/install-deps.sh).</source>
        <translation>Falta la sonda que observa un programa de Node.js (%1). Se compila con LoopScope donde están instalados Node.js y sus cabeceras (scripts/install-deps.sh).</translation>
    </message>
    <message>
        <source>process %1</source>
        <translation>proceso %1</translation>
    </message>
</context>
<context>
    <name>StatusModel</name>
    <message>
        <source>immediates pending: no sleep</source>
        <translation>inmediatos pendientes: no duerme</translation>
    </message>
    <message>
        <source>timer due now: no sleep</source>
        <translation>temporizador vencido: no duerme</translation>
    </message>
    <message numerus="yes">
        <source>sleeps: timer due in %n ms</source>
        <translation>
            <numerusform>duerme: el temporizador vence en %n ms</numerusform>
            <numerusform>duerme: el temporizador vence en %n ms</numerusform>
        </translation>
    </message>
    <message>
        <source>waiting for I/O</source>
        <translation>esperando E/S</translation>
    </message>
    <message>
        <source>nothing to wait for</source>
        <translation>nada que esperar</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 M/s</source>
        <translation>%1 M/s</translation>
    </message>
    <message>
        <source>%1 k/s</source>
        <translation>%1 k/s</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>no program</source>
        <translation>sin programa</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>bloqueado</translation>
    </message>
    <message>
        <source>running</source>
        <translation>en marcha</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>en pausa</translation>
    </message>
    <message>
        <source>aborted</source>
        <translation>abortado</translation>
    </message>
    <message>
        <source>main module</source>
        <translation>módulo principal</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>%1 (%2) for %3</source>
        <translation>%1 (%2) durante %3</translation>
    </message>
    <message>
        <source>%1 running, %2 waiting</source>
        <translation>%1 en ejecución, %2 en espera</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Fase</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>Iteración</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>Iteraciones</translation>
    </message>
    <message>
        <source>Callbacks</source>
        <translation>Callbacks</translation>
    </message>
    <message>
        <source>Poll</source>
        <translation>Poll</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>En ejecución</translation>
    </message>
    <message>
        <source>Thread pool</source>
        <translation>Grupo de hilos</translation>
    </message>
    <message>
        <source>Whether the loop runs, is paused, or has nothing left to do.</source>
        <translation>Si el bucle está en marcha, en pausa o sin nada que hacer.</translation>
    </message>
    <message>
        <source>The libuv phase the loop is in now.</source>
        <translation>La fase de libuv en la que está ahora el bucle.</translation>
    </message>
    <message>
        <source>How many times the loop has gone round its phases.</source>
        <translation>Cuántas veces ha recorrido el bucle todas sus fases.</translation>
    </message>
    <message>
        <source>Loop iterations per second, measured over half a second.</source>
        <translation>Iteraciones del bucle por segundo, medidas sobre medio segundo.</translation>
    </message>
    <message>
        <source>JavaScript callbacks per second, nextTicks and microtasks included.</source>
        <translation>Callbacks de JavaScript por segundo, incluidos nextTicks y microtareas.</translation>
    </message>
    <message>
        <source>How long poll may sleep and why: libuv computes the timeout from timers and immediates.</source>
        <translation>Cuánto puede dormir poll y por qué: libuv calcula el tiempo de espera a partir de los temporizadores y los inmediatos.</translation>
    </message>
    <message>
        <source>The callback running on the loop now; while it runs, nothing else can.</source>
        <translation>El callback que se ejecuta ahora en el bucle; mientras se ejecuta, nada más puede hacerlo.</translation>
    </message>
    <message>
        <source>libuv&apos;s thread pool: work running on its threads and work waiting for a free one.</source>
        <translation>El grupo de hilos de libuv: el trabajo que se ejecuta en sus hilos y el que espera uno libre.</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Qué</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Ahora</translation>
    </message>
    <message>
        <source>replaying a recording; the loop is not running</source>
        <translation>reproduciendo una grabación; el bucle no se ejecuta</translation>
    </message>
    <message numerus="yes">
        <source>waiting for I/O, at most %n ms</source>
        <translation>
            <numerusform>esperando E/S, como mucho %n ms</numerusform>
            <numerusform>esperando E/S, como mucho %n ms</numerusform>
        </translation>
    </message>
    <message>
        <source>finished: nothing left to do</source>
        <translation>terminado: no queda nada por hacer</translation>
    </message>
    <message>
        <source>probe waiting %1 ms</source>
        <translation>sonda en espera %1 ms</translation>
    </message>
    <message>
        <source>no samples</source>
        <translation>sin muestras</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>waiting %1 ms</source>
        <translation>en espera %1 ms</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>sin respuesta</translation>
    </message>
    <message>
        <source>no probe</source>
        <translation>sin sonda</translation>
    </message>
    <message>
        <source>Loop delay</source>
        <translation>Retardo del bucle</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>Utilización</translation>
    </message>
    <message>
        <source>/health</source>
        <translation>/health</translation>
    </message>
    <message>
        <source>&lt;p&gt;How much later than planned the loop got to the delay monitor&apos;s check, over the last 5 seconds: the median (p50), the worst 1% (p99) and the worst (max).&lt;/p&gt;&lt;p&gt;Node&apos;s monitorEventLoopDelay histogram records the raw time between two checks, so an idle loop reads its resolution (about 10 ms); this line subtracts the resolution, as users do.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Cuánto más tarde de lo previsto llegó el bucle a la comprobación del monitor de retardo en los últimos 5 segundos: la mediana (p50), el 1 % peor (p99) y el peor valor (máx.).&lt;/p&gt;&lt;p&gt;El histograma monitorEventLoopDelay de Node registra el tiempo total entre dos comprobaciones, así que en un bucle inactivo marca su resolución (unos 10 ms); esta fila resta la resolución, como hacen los usuarios.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Event-loop utilisation over the last second: the share of time the loop ran code rather than waiting in poll, as Node&apos;s performance.eventLoopUtilization() measures it. About 0% when idle, 100% while a callback blocks the loop.</source>
        <translation>Utilización del bucle de eventos en el último segundo: la parte del tiempo en que el bucle ejecutó código en lugar de esperar en poll, tal como la mide performance.eventLoopUtilization() de Node. Cerca del 0 % en reposo, 100 % mientras un callback bloquea el bucle.</translation>
    </message>
    <message>
        <source>How long the built-in HTTP server took to answer the latest /health probe. It can only answer when the loop is free, so while a callback blocks, the request waits.</source>
        <translation>Cuánto tardó el servidor HTTP integrado en responder a la última sonda /health. Solo puede responder cuando el bucle está libre, así que mientras un callback lo bloquea, la petición espera.</translation>
    </message>
    <message>
        <source>p50 %1 · p99 %2 · max %3 ms beyond %4 ms</source>
        <translation>p50 %1 · p99 %2 · máx. %3 ms sobre %4 ms</translation>
    </message>
    <message>
        <source>replay at %1</source>
        <translation>repetición en %1</translation>
    </message>
    <message>
        <source>not seen by the probe</source>
        <translation>la sonda no lo ve</translation>
    </message>
    <message>
        <source>nothing left to do</source>
        <translation>no queda nada por hacer</translation>
    </message>
    <message>
        <source>detached: the process runs on</source>
        <translation>desconectado: el proceso sigue en ejecución</translation>
    </message>
    <message>
        <source>ended by signal %1</source>
        <translation>terminado por la señal %1</translation>
    </message>
    <message>
        <source>exited with code %1</source>
        <translation>salió con el código %1</translation>
    </message>
    <message>
        <source>detached</source>
        <translation>desconectado</translation>
    </message>
    <message>
        <source>signal %1</source>
        <translation>señal %1</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>código de salida %1</translation>
    </message>
</context>
<context>
    <name>SteppingControls</name>
    <message>
        <source>Pause</source>
        <translation>Pausar</translation>
    </message>
    <message>
        <source>Halts the loop at the next place it can: a phase, or before or after a callback. Time held is left out of the program&apos;s clock. Press again to resume.</source>
        <translation>Detiene el bucle en el siguiente punto posible: una fase, o antes o después de un callback. El tiempo detenido no cuenta en el reloj del programa. Pulse otra vez para reanudar.</translation>
    </message>
    <message>
        <source>Next callback</source>
        <translation>Siguiente callback</translation>
    </message>
    <message>
        <source>While paused: runs the next callback the program can see (the main module, a timer, an immediate, an I/O callback, one nextTick or one promise job) and halts after its body, before the nextTicks and microtasks it queued run.</source>
        <translation>En pausa: ejecuta el siguiente callback que el programa puede ver (el módulo principal, un temporizador, un immediate, un callback de E/S, un nextTick o un trabajo de promesa) y se detiene tras su cuerpo, antes de que se ejecuten los nextTick y microtareas que encoló.</translation>
    </message>
    <message>
        <source>Next phase</source>
        <translation>Siguiente fase</translation>
    </message>
    <message>
        <source>While paused: lets the loop run to the start of the next phase.</source>
        <translation>En pausa: deja que el bucle avance hasta el inicio de la siguiente fase.</translation>
    </message>
    <message>
        <source>Next iteration</source>
        <translation>Siguiente iteración</translation>
    </message>
    <message>
        <source>While paused: lets the loop run to the first phase of its next iteration.</source>
        <translation>En pausa: deja que el bucle avance hasta la primera fase de su siguiente iteración.</translation>
    </message>
    <message>
        <source>Start paused</source>
        <translation>Empezar en pausa</translation>
    </message>
    <message>
        <source>Runs of this program start held before the main module, to be stepped with Next callback. Remembered for each program; the ordering scenarios start paused unless you turn it off.</source>
        <translation>Las ejecuciones de este programa empiezan detenidas antes del módulo principal, para avanzar con Siguiente callback. Se recuerda para cada programa; los escenarios de orden empiezan en pausa salvo que lo desactive.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Reanudar</translation>
    </message>
    <message>
        <source>Paused before the main module. Next callback (C) runs it; Space runs on.</source>
        <translation>En pausa antes del módulo principal. Siguiente callback (C) lo ejecuta; Espacio sigue.</translation>
    </message>
    <message>
        <source>Paused before a callback. Next callback (C) runs it.</source>
        <translation>En pausa antes de un callback. Siguiente callback (C) lo ejecuta.</translation>
    </message>
    <message>
        <source>callback</source>
        <comment>tool bar, after Step:</comment>
        <translation>callback</translation>
    </message>
    <message>
        <source>phase</source>
        <comment>tool bar, after Step:</comment>
        <translation>fase</translation>
    </message>
    <message>
        <source>iteration</source>
        <comment>tool bar, after Step:</comment>
        <translation>iteración</translation>
    </message>
    <message>
        <source>Step:</source>
        <translation>Paso:</translation>
    </message>
    <message>
        <source>Paused after a callback&apos;s body. %1</source>
        <translation>En pausa tras el cuerpo de un callback. %1</translation>
    </message>
    <message>
        <source>Next: the nextTick &quot;%1&quot;, because the nextTick queue drains before promise jobs.</source>
        <translation>Siguiente: el nextTick «%1», porque la cola de nextTick se vacía antes que los trabajos de promesa.</translation>
    </message>
    <message>
        <source>Next: the promise job &quot;%1&quot;, because promise jobs run once the nextTicks are done, before the loop goes on.</source>
        <translation>Siguiente: el trabajo de promesa «%1», porque los trabajos de promesa se ejecutan al acabar los nextTick, antes de que el bucle siga.</translation>
    </message>
    <message>
        <source>Paused as the %1 phase begins.</source>
        <translation>En pausa al empezar la fase %1.</translation>
    </message>
    <message>
        <source>Next: the immediate &quot;%1&quot;: check runs the immediates queued before it began, in order.</source>
        <translation>Siguiente: el immediate «%1»: check ejecuta en orden los immediates encolados antes de empezar.</translation>
    </message>
    <message>
        <source>Next phase (N), next callback (C), next iteration (I).</source>
        <translation>Siguiente fase (N), siguiente callback (C), siguiente iteración (I).</translation>
    </message>
    <message>
        <source>Previous callback</source>
        <translation>Callback anterior</translation>
    </message>
    <message>
        <source>In a recording, or a run paused or ended: goes back to where the callback before ended its body. The circle, the queues, the thread pool and the console show that moment, rebuilt from the recording.</source>
        <translation>En una grabación, o en una ejecución en pausa o terminada: vuelve a donde el callback anterior terminó su cuerpo. El círculo, las colas, el pool de hilos y la consola muestran ese instante, reconstruido a partir de la grabación.</translation>
    </message>
    <message>
        <source>Previous phase</source>
        <translation>Fase anterior</translation>
    </message>
    <message>
        <source>In a recording, or a run paused or ended: goes back to where the phase before began.</source>
        <translation>En una grabación, o en una ejecución en pausa o terminada: vuelve a donde empezó la fase anterior.</translation>
    </message>
    <message>
        <source>Previous iteration</source>
        <translation>Iteración anterior</translation>
    </message>
    <message>
        <source>In a recording, or a run paused or ended: goes back to where the iteration before began.</source>
        <translation>En una grabación, o en una ejecución en pausa o terminada: vuelve a donde empezó la iteración anterior.</translation>
    </message>
    <message>
        <source>◀ back</source>
        <comment>tool bar: previous callback</comment>
        <translation>◀ atrás</translation>
    </message>
    <message>
        <source>Play recording</source>
        <translation>Reproducir grabación</translation>
    </message>
    <message>
        <source>In a recording, or a run paused or ended: moves the playhead on in time, at the replay speed, from where it stands; the circle, the queues and the thread pool follow. Press again to stop.</source>
        <translation>En una grabación, o en una ejecución en pausa o terminada: avanza el cabezal en el tiempo, a la velocidad de repetición, desde donde está; el círculo, las colas y el pool de hilos lo siguen. Púlselo otra vez para parar.</translation>
    </message>
    <message>
        <source>▶ play</source>
        <comment>tool bar: play the recording</comment>
        <translation>▶ reproducir</translation>
    </message>
    <message>
        <source>Replay speed</source>
        <translation>Velocidad de repetición</translation>
    </message>
    <message>
        <source>How fast Play recording moves the playhead: at 1/100, a millisecond of the program lasts a tenth of a second.</source>
        <translation>A qué velocidad Reproducir grabación mueve el cabezal: a 1/100, un milisegundo del programa dura una décima de segundo.</translation>
    </message>
    <message>
        <source>At the recording&apos;s start, before the main module. Next callback (C) steps through it.</source>
        <translation>Al principio de la grabación, antes del módulo principal. Siguiente callback (C) avanza por ella.</translation>
    </message>
    <message>
        <source>A close callback: libuv runs them in the close phase, the last of an iteration, once a handle has closed. %1</source>
        <translation>Un callback de cierre: libuv los ejecuta en la fase close, la última de una iteración, cuando un handle se ha cerrado. %1</translation>
    </message>
    <message>
        <source>At %1 of the recording, after a callback&apos;s body. %2</source>
        <translation>En %1 de la grabación, tras el cuerpo de un callback. %2</translation>
    </message>
    <message>
        <source>At %1 of the recording, as the %2 phase begins.</source>
        <translation>En %1 de la grabación, al empezar la fase %2.</translation>
    </message>
    <message>
        <source>Poll: immediates are queued, so the loop only takes the I/O that is ready and does not wait; check runs them next.</source>
        <translation>Poll: hay immediates en cola, así que el bucle solo toma la E/S lista y no espera; check los ejecuta a continuación.</translation>
    </message>
    <message>
        <source>Poll: a timer is due already, so the loop does not wait; the next iteration&apos;s timers phase runs it.</source>
        <translation>Poll: un temporizador ya ha vencido, así que el bucle no espera; la fase timers de la siguiente iteración lo ejecuta.</translation>
    </message>
    <message>
        <source>Poll: no I/O ready and no immediate queued; a timer is due in %1 ms, so the loop sleeps up to %1 ms waiting for I/O.</source>
        <translation>Poll: no hay E/S lista ni immediates en cola; un temporizador vence en %1 ms, así que el bucle duerme hasta %1 ms esperando E/S.</translation>
    </message>
    <message>
        <source>Poll: no timer and no immediate; the loop sleeps until I/O calls back (thread-pool jobs in flight: %L1).</source>
        <translation>Poll: ni temporizadores ni immediates; el bucle duerme hasta que la E/S responda (trabajos del pool de hilos en curso: %L1).</translation>
    </message>
    <message>
        <source>Poll: no timer and no immediate; the loop sleeps until I/O calls back.</source>
        <translation>Poll: ni temporizadores ni immediates; el bucle duerme hasta que la E/S responda.</translation>
    </message>
    <message>
        <source>Next: the ES module&apos;s body, once the loader&apos;s read of the file calls back in poll; the body runs inside a promise job.</source>
        <translation>Siguiente: el cuerpo del módulo ES, cuando la lectura del archivo por el cargador responda en poll; el cuerpo se ejecuta dentro de un trabajo de promesa.</translation>
    </message>
    <message>
        <source>Next: the nextTick &quot;%1&quot;: the nextTick queue drains completely, ticks queued meanwhile included, before any promise job.</source>
        <translation>Siguiente: el nextTick «%1»: la cola de nextTick se vacía por completo, incluidos los tick encolados entretanto, antes de cualquier trabajo de promesa.</translation>
    </message>
    <message>
        <source>Next: the promise job &quot;%1&quot;: an ES module&apos;s body runs inside a promise job, so the promise jobs it queued run before its nextTicks.</source>
        <translation>Siguiente: el trabajo de promesa «%1»: el cuerpo de un módulo ES se ejecuta dentro de un trabajo de promesa, así que los trabajos de promesa que encoló van antes que sus nextTick.</translation>
    </message>
    <message>
        <source>Next: the promise job &quot;%1&quot;: promise jobs run until none are left; nextTicks queued meanwhile wait for them.</source>
        <translation>Siguiente: el trabajo de promesa «%1»: los trabajos de promesa se ejecutan hasta que no queda ninguno; los nextTick encolados entretanto esperan.</translation>
    </message>
    <message>
        <source>Next: the nextTick &quot;%1&quot;: the promise jobs are done, so the nextTicks queued meanwhile run now, then promise jobs again.</source>
        <translation>Siguiente: el nextTick «%1»: los trabajos de promesa han acabado, así que ahora van los nextTick encolados entretanto, y después otra vez los trabajos de promesa.</translation>
    </message>
    <message>
        <source>Next: the timer &quot;%1&quot;: the timers phase runs every timer that is due, in the order they came due, each one&apos;s nextTicks and promise jobs before the next.</source>
        <translation>Siguiente: el temporizador «%1»: la fase timers ejecuta todos los temporizadores vencidos, en el orden en que vencieron, con los nextTick y trabajos de promesa de cada uno antes del siguiente.</translation>
    </message>
    <message>
        <source>Next: the immediate &quot;%1&quot;: after the timers phase come poll and check, before timers again.</source>
        <translation>Siguiente: el immediate «%1»: tras la fase timers vienen poll y check, antes de volver a timers.</translation>
    </message>
    <message>
        <source>Next: the timer &quot;%1&quot;: it is due already, and the next iteration begins with the timers phase.</source>
        <translation>Siguiente: el temporizador «%1»: ya ha vencido, y la siguiente iteración empieza por la fase timers.</translation>
    </message>
    <message>
        <source>Next: the timer &quot;%1&quot;: nothing else is queued, so poll waits until it is due.</source>
        <translation>Siguiente: el temporizador «%1»: no hay nada más en cola, así que poll espera hasta que venza.</translation>
    </message>
    <message>
        <source>Next: the timer &quot;%1&quot; if a millisecond has passed on the loop clock when the loop starts, else the immediate &quot;%2&quot;: from a main module either can win.</source>
        <translation>Siguiente: el temporizador «%1» si en el reloj del bucle ha pasado un milisegundo cuando el bucle arranca; si no, el immediate «%2»: desde un módulo principal puede ganar cualquiera.</translation>
    </message>
    <message>
        <source>Next: the immediate &quot;%1&quot; in the next check phase, unless the timer &quot;%2&quot; comes due before the next timers phase.</source>
        <translation>Siguiente: el immediate «%1» en la próxima fase check, salvo que el temporizador «%2» venza antes de la próxima fase timers.</translation>
    </message>
    <message>
        <source>Next: the close callback &quot;%1&quot;, in the close phase at the iteration&apos;s end.</source>
        <translation>Siguiente: el callback de cierre «%1», en la fase close, al final de la iteración.</translation>
    </message>
    <message>
        <source>Next: nothing is queued; the loop waits in poll for the I/O in flight, whose callback runs next.</source>
        <translation>Siguiente: no hay nada en cola; el bucle espera en poll la E/S en curso, cuyo callback va a continuación.</translation>
    </message>
    <message>
        <source>Next: nothing is queued and nothing is in flight, so the loop ends.</source>
        <translation>Siguiente: no hay nada en cola ni nada en curso, así que el bucle termina.</translation>
    </message>
    <message>
        <source>Next, as the recording shows: &quot;%1&quot; (%2).</source>
        <translation>Siguiente, según muestra la grabación: «%1» (%2).</translation>
    </message>
    <message>
        <source>An I/O callback that completes before then runs first.</source>
        <translation>Un callback de E/S que termine antes irá primero.</translation>
    </message>
</context>
<context>
    <name>TimeMapping</name>
    <message>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Línea de tiempo</translation>
    </message>
    <message>
        <source>paused · Home</source>
        <translation>en pausa · Home</translation>
    </message>
    <message>
        <source>pool worker %1</source>
        <translation>hilo del grupo %1</translation>
    </message>
    <message>
        <source>phases</source>
        <translation>fases</translation>
    </message>
    <message>
        <source>callbacks</source>
        <translation>callbacks</translation>
    </message>
    <message>
        <source>timers</source>
        <translation>temporizadores</translation>
    </message>
    <message>
        <source>immediates</source>
        <translation>inmediatos</translation>
    </message>
    <message>
        <source>nextTick</source>
        <translation>nextTick</translation>
    </message>
    <message>
        <source>microtasks</source>
        <translation>microtareas</translation>
    </message>
    <message>
        <source>I/O callbacks</source>
        <translation>callbacks de E/S</translation>
    </message>
    <message>
        <source>close callbacks</source>
        <translation>callbacks de cierre</translation>
    </message>
    <message>
        <source>pool callbacks</source>
        <translation>callbacks del grupo</translation>
    </message>
    <message>
        <source>main module</source>
        <translation>módulo principal</translation>
    </message>
    <message>
        <source>A pool lane: one of libuv&apos;s worker threads (UV_THREADPOOL_SIZE of them). File system calls, DNS lookups and crypto such as pbkdf2 run here, off the loop thread. When every lane is busy, new work waits in a queue.</source>
        <translation>Un carril del grupo: uno de los hilos de trabajo de libuv (hay UV_THREADPOOL_SIZE). Aquí se ejecutan las llamadas al sistema de archivos, las consultas DNS y la criptografía como pbkdf2, fuera del hilo del bucle. Cuando todos los carriles están ocupados, el trabajo nuevo espera en una cola.</translation>
    </message>
    <message>
        <source>A worker thread: a second event loop with its own phases and callbacks, sharing the process-wide thread pool with the main loop.</source>
        <translation>Un hilo worker: un segundo bucle de eventos con sus propias fases y callbacks, que comparte con el bucle principal el grupo de hilos de todo el proceso.</translation>
    </message>
    <message>
        <source>The phases of every loop iteration in libuv&apos;s order: timers, pending, idle, prepare, poll, check, close. Thin ticks are phases the loop passed with nothing to run; a pale poll bar is the loop asleep, waiting for I/O or for the next timer.</source>
        <translation>Las fases de cada iteración del bucle en el orden de libuv: timers, pending, idle, prepare, poll, check, close. Las marcas finas son fases que el bucle atravesó sin nada que ejecutar; una barra de poll pálida es el bucle dormido, esperando E/S o el siguiente temporizador.</translation>
    </message>
    <message>
        <source>setTimeout and setInterval callbacks. They run in the timers phase once their time has come.</source>
        <translation>Callbacks de setTimeout y setInterval. Se ejecutan en la fase timers cuando llega su momento.</translation>
    </message>
    <message>
        <source>setImmediate callbacks. They run in the check phase, right after poll.</source>
        <translation>Callbacks de setImmediate. Se ejecutan en la fase check, justo después de poll.</translation>
    </message>
    <message>
        <source>process.nextTick callbacks. Node drains this queue completely after every callback, before promises, so a long chain here keeps the loop from moving on.</source>
        <translation>Callbacks de process.nextTick. Node vacía esta cola por completo después de cada callback, antes que las promesas, así que una cadena larga aquí impide que el bucle avance.</translation>
    </message>
    <message>
        <source>Promise reactions and queueMicrotask jobs. They run as soon as the nextTick queue is empty.</source>
        <translation>Reacciones de Promise y tareas de queueMicrotask. Se ejecutan en cuanto la cola de nextTick queda vacía.</translation>
    </message>
    <message>
        <source>I/O callbacks (files, DNS, network). They run in the poll phase when their operation completes.</source>
        <translation>Callbacks de E/S (archivos, DNS, red). Se ejecutan en la fase poll cuando termina su operación.</translation>
    </message>
    <message>
        <source>Close callbacks (&apos;close&apos; events). They run in the close phase.</source>
        <translation>Callbacks de cierre (eventos &apos;close&apos;). Se ejecutan en la fase close.</translation>
    </message>
    <message>
        <source>Completion callbacks of thread-pool work, delivered back on the loop thread in the poll phase.</source>
        <translation>Callbacks de finalización del trabajo del grupo de hilos, devueltos al hilo del bucle en la fase poll.</translation>
    </message>
    <message>
        <source>The main module: the program&apos;s top-level code, run once before the loop starts.</source>
        <translation>El módulo principal: el código de nivel superior del programa, que se ejecuta una vez antes de que arranque el bucle.</translation>
    </message>
    <message>
        <source>Started at %1</source>
        <translation>Inicio: %1</translation>
    </message>
    <message>
        <source>%1 phase</source>
        <translation>Fase %1</translation>
    </message>
    <message>
        <source>Iteration %L1</source>
        <translation>Iteración %L1</translation>
    </message>
    <message>
        <source>Passed, not timed: the loop went through it with nothing to run.</source>
        <translation>Atravesada sin medir: el bucle pasó por ella sin nada que ejecutar.</translation>
    </message>
    <message>
        <source>Lasted %1</source>
        <translation>Duró %1</translation>
    </message>
    <message>
        <source>Poll timeout: infinite (nothing but I/O to wait for)</source>
        <translation>Tiempo de espera de poll: infinito (solo queda esperar E/S)</translation>
    </message>
    <message>
        <source>Poll timeout: %L1 ms</source>
        <translation>Tiempo de espera de poll: %L1 ms</translation>
    </message>
    <message>
        <source>%1 callback “%2”</source>
        <translation>Callback %1 «%2»</translation>
    </message>
    <message>
        <source>before the loop started</source>
        <translation>antes de que arrancara el bucle</translation>
    </message>
    <message>
        <source>in the %1 phase</source>
        <translation>en la fase %1</translation>
    </message>
    <message>
        <source>Iteration %L1, %2</source>
        <translation>Iteración %L1, %2</translation>
    </message>
    <message>
        <source>A run of %L1 identical callbacks, drawn as one bar</source>
        <translation>Una serie de %L1 callbacks idénticos, dibujada como una sola barra</translation>
    </message>
    <message>
        <source>Wall time %1 · total %2 · longest %3 · mean %4</source>
        <translation>Tiempo real %1 · total %2 · máximo %3 · media %4</translation>
    </message>
    <message>
        <source>Duration %1</source>
        <translation>Duración %1</translation>
    </message>
    <message>
        <source>%1 on pool worker %2</source>
        <translation>%1 en el hilo %2 del grupo</translation>
    </message>
    <message>
        <source>Waited %1 in the queue for a free thread</source>
        <translation>Esperó %1 en la cola a un hilo libre</translation>
    </message>
    <message>
        <source>Ran for %1</source>
        <translation>Se ejecutó durante %1</translation>
    </message>
    <message>
        <source>Completed during iteration %L1</source>
        <translation>Completado durante la iteración %L1</translation>
    </message>
    <message>
        <source>%L1 items are merged at this zoom; zoom in to tell them apart.</source>
        <translation>Con este zoom se fusionan %L1 elementos; amplía para distinguirlos.</translation>
    </message>
    <message>
        <source>The last seconds of the loop, newest on the right. Scroll to zoom, drag or use the arrow keys to pan, + and - to zoom, Home to follow live again; click an item for its details.</source>
        <translation>Los últimos segundos del bucle, lo más reciente a la derecha. Usa la rueda para hacer zoom, arrastra o usa las flechas para desplazarte, + y - para hacer zoom, Home para volver a seguir en directo; haz clic en un elemento para ver sus detalles.</translation>
    </message>
    <message>
        <source>MAIN LOOP</source>
        <translation>BUCLE PRINCIPAL</translation>
    </message>
    <message>
        <source>THREAD POOL</source>
        <translation>GRUPO DE HILOS</translation>
    </message>
    <message>
        <source>WORKER LOOP %1</source>
        <translation>BUCLE DEL WORKER %1</translation>
    </message>
    <message>
        <source>poll · waiting for I/O</source>
        <translation>poll · esperando E/S</translation>
    </message>
    <message>
        <source>poll · timeout %L1 ms</source>
        <translation>poll · tiempo de espera %L1 ms</translation>
    </message>
    <message>
        <source>%1 ×%L2</source>
        <translation>%1 ×%L2</translation>
    </message>
    <message>
        <source>%1 · running %2</source>
        <translation>%1 · en ejecución, %2</translation>
    </message>
    <message>
        <source>live · %1</source>
        <translation>en directo · %1</translation>
    </message>
    <message>
        <source>whole run · Home</source>
        <translation>ejecución completa · Home</translation>
    </message>
    <message>
        <source>held %1</source>
        <translation>detenido %1</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>Queued at %1 by “%2”</source>
        <translation>Encolado en %1 por «%2»</translation>
    </message>
    <message>
        <source>Queued at %1</source>
        <translation>Encolado en %1</translation>
    </message>
    <message>
        <source>Press or drag here to move the playhead: the circle, the queues, the thread pool and the console show that moment of the recording.</source>
        <translation>Pulse o arrastre aquí para mover el cabezal: el círculo, las colas, el pool de hilos y la consola muestran ese instante de la grabación.</translation>
    </message>
    <message>
        <source>one slot per callback · S</source>
        <translation>una casilla por callback · S</translation>
    </message>
    <message>
        <source>Shift and drag measures a span; a selected callback shows an arrow from where it was queued; S gives every callback one slot of its own.</source>
        <translation>Mayús y arrastrar mide un intervalo; un callback seleccionado muestra una flecha desde donde se encoló; S da a cada callback una casilla propia.</translation>
    </message>
    <message>
        <source>The rolling window let this item&apos;s record go to keep the recording within its memory budget; its bar stays as part of the timeline&apos;s summary.</source>
        <translation>La ventana móvil descartó el registro de este elemento para mantener la grabación dentro de su presupuesto de memoria; su barra queda como parte del resumen de la línea de tiempo.</translation>
    </message>
    <message>
        <source>This bar folds %L1 items of the run&apos;s early history together: the timeline keeps a long run compact. The recording, and a trace exported from it, hold every one.</source>
        <translation>Esta barra agrupa %L1 elementos del principio de la ejecución: la línea de tiempo mantiene compacta una ejecución larga. La grabación, y la traza exportada de ella, los conservan todos.</translation>
    </message>
    <message>
        <source>Wall time %1 · total %2 · mean %3</source>
        <translation>Tiempo real %1 · total %2 · media %3</translation>
    </message>
    <message>
        <source>Timed as a whole: the longest single callback is not known</source>
        <translation>Medido en conjunto: no se sabe cuánto duró el callback más largo</translation>
    </message>
</context>
<context>
    <name>WorkloadPalette</name>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>How long the callback hashes without yielding.</source>
        <translation>Cuánto tiempo calcula hashes el callback sin ceder el control.</translation>
    </message>
    <message>
        <source> steps</source>
        <translation> pasos</translation>
    </message>
    <message>
        <source>Promise reactions, each queued by the one before.</source>
        <translation>Reacciones de Promise, cada una encolada por la anterior.</translation>
    </message>
    <message>
        <source> ticks</source>
        <translation> ticks</translation>
    </message>
    <message>
        <source>nextTicks, each queued by the one before.</source>
        <translation>nextTicks, cada uno encolado por el anterior.</translation>
    </message>
    <message>
        <source>How many chunks the job is cut into.</source>
        <translation>En cuántas partes se divide el trabajo.</translation>
    </message>
    <message>
        <source> ms each</source>
        <translation> ms cada una</translation>
    </message>
    <message>
        <source>How long each chunk hashes.</source>
        <translation>Cuánto tiempo calcula hashes cada parte.</translation>
    </message>
    <message>
        <source> ×</source>
        <translation> ×</translation>
    </message>
    <message>
        <source>How many pbkdf2 calls to start at once.</source>
        <translation>Cuántas llamadas a pbkdf2 se inician a la vez.</translation>
    </message>
    <message>
        <source> iter.</source>
        <translation> iter.</translation>
    </message>
    <message>
        <source>PBKDF2 iterations of each call.</source>
        <translation>Iteraciones de PBKDF2 de cada llamada.</translation>
    </message>
    <message>
        <source>How long the worker hashes on its own loop.</source>
        <translation>Cuánto tiempo calcula hashes el worker en su propio bucle.</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>Size of the JSON text JSON.parse reads.</source>
        <translation>Tamaño del texto JSON que lee JSON.parse.</translation>
    </message>
    <message>
        <source> chars</source>
        <translation> caracteres</translation>
    </message>
    <message>
        <source>Length of the coupon code tested.</source>
        <translation>Longitud del código de cupón que se prueba.</translation>
    </message>
    <message>
        <source>vulnerable</source>
        <translation>vulnerable</translation>
    </message>
    <message>
        <source>safe</source>
        <translation>seguro</translation>
    </message>
    <message>
        <source>The vulnerable pattern backtracks exponentially; the safe one stays linear.</source>
        <translation>El patrón vulnerable hace un retroceso exponencial; el seguro se mantiene lineal.</translation>
    </message>
    <message>
        <source>Block the loop</source>
        <translation>Bloquear el bucle</translation>
    </message>
    <message>
        <source>Microtask chain</source>
        <translation>Cadena de microtareas</translation>
    </message>
    <message>
        <source>nextTick storm</source>
        <translation>Tormenta de nextTick</translation>
    </message>
    <message>
        <source>setTimeout-chunked job</source>
        <translation>Trabajo troceado con setTimeout</translation>
    </message>
    <message>
        <source>setImmediate-chunked job</source>
        <translation>Trabajo troceado con setImmediate</translation>
    </message>
    <message>
        <source>crypto.pbkdf2</source>
        <translation>crypto.pbkdf2</translation>
    </message>
    <message>
        <source>fs.readFile</source>
        <translation>fs.readFile</translation>
    </message>
    <message>
        <source>dns.lookup</source>
        <translation>dns.lookup</translation>
    </message>
    <message>
        <source>HTTP request</source>
        <translation>Petición HTTP</translation>
    </message>
    <message>
        <source>Worker offload</source>
        <translation>Descargar en un worker</translation>
    </message>
    <message>
        <source>JSON.parse</source>
        <translation>JSON.parse</translation>
    </message>
    <message>
        <source>Regex match</source>
        <translation>Coincidencia de regex</translation>
    </message>
    <message>
        <source>Runs synchronous hashing in one callback. Nothing else runs until it returns: timers, I/O and /health all wait.</source>
        <translation>Calcula hashes de forma síncrona en un solo callback. Nada más se ejecuta hasta que retorna: temporizadores, E/S y /health esperan.</translation>
    </message>
    <message>
        <source>A promise chain: every step queues the next microtask. The queue drains completely before the loop moves on, so the whole chain blocks like one long callback.</source>
        <translation>Una cadena de promesas: cada paso encola la siguiente microtarea. La cola se vacía por completo antes de que el bucle avance, así que toda la cadena bloquea como un único callback largo.</translation>
    </message>
    <message>
        <source>Every nextTick schedules another one. Node drains the nextTick queue completely, so timers and I/O wait for the whole storm.</source>
        <translation>Cada nextTick programa otro. Node vacía por completo la cola de nextTick, así que los temporizadores y la E/S esperan a que pase toda la tormenta.</translation>
    </message>
    <message>
        <source>The job yields with setTimeout(0) between chunks. The loop stays responsive, but each step waits at least 1 ms in poll, so the job idles.</source>
        <translation>El trabajo cede el control con setTimeout(0) entre partes. El bucle sigue respondiendo, pero cada paso espera al menos 1 ms en poll, así que el trabajo pasa tiempo ocioso.</translation>
    </message>
    <message>
        <source>The job yields with setImmediate between chunks. The loop stays responsive and poll never sleeps: full CPU, no idle time.</source>
        <translation>El trabajo cede el control con setImmediate entre partes. El bucle sigue respondiendo y poll nunca duerme: CPU al máximo, sin tiempo ocioso.</translation>
    </message>
    <message>
        <source>PBKDF2 on libuv&apos;s thread pool. With more calls than pool threads, the rest queue and every other pool user (fs, dns) waits too.</source>
        <translation>PBKDF2 en el grupo de hilos de libuv. Si hay más llamadas que hilos, el resto se encola y cualquier otro usuario del grupo (fs, dns) también espera.</translation>
    </message>
    <message>
        <source>fs.readFile: a chain of thread-pool requests (open, fstat, read, close); the callback runs in the poll phase.</source>
        <translation>fs.readFile: una cadena de peticiones al grupo de hilos (open, fstat, read, close); el callback se ejecuta en la fase poll.</translation>
    </message>
    <message>
        <source>dns.lookup runs getaddrinfo on the thread pool, so a busy pool delays it.</source>
        <translation>dns.lookup ejecuta getaddrinfo en el grupo de hilos, así que un grupo ocupado lo retrasa.</translation>
    </message>
    <message>
        <source>A request to the built-in loopback server. Sockets use the OS poller, never the thread pool.</source>
        <translation>Una petición al servidor loopback integrado. Los sockets usan el mecanismo de sondeo del sistema operativo, nunca el grupo de hilos.</translation>
    </message>
    <message>
        <source>Runs the hashing on a worker thread with its own event loop; the main loop stays free.</source>
        <translation>Calcula los hashes en un hilo worker con su propio bucle de eventos; el bucle principal queda libre.</translation>
    </message>
    <message>
        <source>JSON.parse of a large payload: synchronous, so the loop is blocked for the whole parse.</source>
        <translation>JSON.parse de una carga grande: es síncrono, así que el bucle queda bloqueado durante todo el análisis.</translation>
    </message>
    <message>
        <source>Tests a coupon code against a regular expression. The vulnerable pattern backtracks catastrophically: each extra character multiplies the time.</source>
        <translation>Prueba un código de cupón con una expresión regular. El patrón vulnerable hace un retroceso catastrófico: cada carácter más multiplica el tiempo.</translation>
    </message>
    <message>
        <source>block %1 ms</source>
        <translation>bloqueo de %1 ms</translation>
    </message>
    <message>
        <source>microtask chain of %1</source>
        <translation>cadena de %1 microtareas</translation>
    </message>
    <message>
        <source>nextTick storm of %1</source>
        <translation>tormenta de %1 nextTick</translation>
    </message>
    <message>
        <source>setTimeout-chunked job, %1 × %2 ms</source>
        <translation>trabajo troceado con setTimeout, %1 × %2 ms</translation>
    </message>
    <message>
        <source>setImmediate-chunked job, %1 × %2 ms</source>
        <translation>trabajo troceado con setImmediate, %1 × %2 ms</translation>
    </message>
    <message>
        <source>%1 × pbkdf2, %2 iterations</source>
        <translation>%1 × pbkdf2, %2 iteraciones</translation>
    </message>
    <message>
        <source>dns.lookup localhost</source>
        <translation>dns.lookup localhost</translation>
    </message>
    <message>
        <source>HTTP GET /health</source>
        <translation>HTTP GET /health</translation>
    </message>
    <message>
        <source>worker: block %1 ms</source>
        <translation>worker: bloqueo de %1 ms</translation>
    </message>
    <message>
        <source>JSON.parse %1 MB</source>
        <translation>JSON.parse %1 MB</translation>
    </message>
    <message>
        <source>%1 regex, %2 chars</source>
        <translation>patrón %1, %2 caracteres</translation>
    </message>
</context>
</TS>
