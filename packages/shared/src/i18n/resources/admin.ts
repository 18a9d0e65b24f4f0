import { defineMessages } from '../define-messages.js';

/** The admin screens' own texts (their headings live in `pages`). */
export const admin = defineMessages({
  pt: {
    model: {
      title: 'Sistema: modelo de resumos',
      provider: 'Provedor',
      model: 'Modelo',
      state: 'Estado',
      folder: 'Pasta dos modelos',
      states: {
        idle: 'Ainda não carregado',
        downloading: 'Baixando',
        loading: 'Carregando',
        ready: 'Pronto',
        error: 'Indisponível',
      },
      progress: '{{percent}}% ({{done}} de {{total}} MB)',
      cause: 'Causa',
      whatToDo: 'O que fazer',
      retryNote: 'O servidor tenta de novo no próximo pedido de resumo, no máximo uma vez por minuto.',
      refresh: 'Atualizar',
      loadFailed: 'Não foi possível ler o estado do modelo.',
      advice: {
        runtime:
          'O llama.cpp não tem binário pronto para esta máquina. Use um provedor hospedado (LLM_PROVIDER=openai, anthropic, google ou openai-compatible, com LLM_API_KEY).',
        'missing-file':
          'LLM_MODEL aponta para um arquivo que não existe. Corrija o caminho do arquivo .gguf, ou apague LLM_MODEL para usar o modelo padrão.',
        download:
          'O download falhou. Verifique o acesso à internet (huggingface.co) e o valor de LLM_MODEL; ou baixe o modelo com `npm run model:fetch` numa máquina com rede e copie-o para a pasta dos modelos, ou aponte LLM_MODEL para um arquivo .gguf.',
        disk: 'A pasta dos modelos não aceita o arquivo (disco cheio ou sem permissão de escrita). Libere cerca de 1 GB ou aponte LLM_MODELS_DIR para outra pasta.',
        load: 'O arquivo do modelo não carrega (danificado, não é GGUF ou falta memória). Apague-o da pasta dos modelos para baixá-lo de novo, ou escolha outro modelo em LLM_MODEL.',
      },
    },
    populateBooks: {
      description:
        'Lê de novo o catálogo que acompanha o Summa e grava os livros novos ou alterados. Os que não mudaram ficam como estão, e os que um administrador editou no app são mantidos.',
      run: 'Importar catálogo',
      running: 'Importando…',
      resultTitle: 'Resultado da importação',
      total: 'Livros no catálogo',
      inserted: 'Novos',
      updated: 'Atualizados',
      unchanged: 'Sem mudanças',
      kept: 'Mantidos (editados no app)',
      done: 'Catálogo importado',
      doneDetail: '{{inserted}} novos, {{updated}} atualizados, {{unchanged}} sem mudanças.',
      doneKept_one: '{{count}} editado no app foi mantido.',
      doneKept_other: '{{count}} editados no app foram mantidos.',
      failed: 'Não foi possível importar o catálogo',
    },
  },
  en: {
    model: {
      title: 'System: summary model',
      provider: 'Provider',
      model: 'Model',
      state: 'State',
      folder: 'Models folder',
      states: {
        idle: 'Not loaded yet',
        downloading: 'Downloading',
        loading: 'Loading',
        ready: 'Ready',
        error: 'Unavailable',
      },
      progress: '{{percent}}% ({{done}} of {{total}} MB)',
      cause: 'Cause',
      whatToDo: 'What to do',
      retryNote: 'The server tries again on the next summary request, at most once a minute.',
      refresh: 'Refresh',
      loadFailed: 'Could not read the model’s state.',
      advice: {
        runtime:
          'llama.cpp has no prebuilt binary for this machine. Use a hosted provider (LLM_PROVIDER=openai, anthropic, google or openai-compatible, with LLM_API_KEY).',
        'missing-file':
          'LLM_MODEL points to a file that does not exist. Fix the path of the .gguf file, or unset LLM_MODEL to use the default model.',
        download:
          'The download failed. Check internet access (huggingface.co) and the value of LLM_MODEL; or fetch the model with `npm run model:fetch` on a machine with a network and copy it into the models folder, or point LLM_MODEL at a .gguf file.',
        disk: 'The models folder cannot take the file (disk full or not writable). Free about 1 GB or point LLM_MODELS_DIR at another folder.',
        load: 'The model file does not load (damaged, not GGUF, or not enough memory). Delete it from the models folder to download it again, or choose another model in LLM_MODEL.',
      },
    },
    populateBooks: {
      description:
        'Reads the catalog shipped with Summa again and writes new or changed books. Books that did not change are left as they are, and books an admin edited in the app are kept.',
      run: 'Import catalog',
      running: 'Importing…',
      resultTitle: 'Import result',
      total: 'Books in the catalog',
      inserted: 'New',
      updated: 'Updated',
      unchanged: 'Unchanged',
      kept: 'Kept (edited in the app)',
      done: 'Catalog imported',
      doneDetail: '{{inserted}} new, {{updated}} updated, {{unchanged}} unchanged.',
      doneKept_one: '{{count}} edited in the app was kept.',
      doneKept_other: '{{count}} edited in the app were kept.',
      failed: 'Could not import the catalog',
    },
  },
  es: {
    model: {
      title: 'Sistema: modelo de resúmenes',
      provider: 'Proveedor',
      model: 'Modelo',
      state: 'Estado',
      folder: 'Carpeta de modelos',
      states: {
        idle: 'Aún no cargado',
        downloading: 'Descargando',
        loading: 'Cargando',
        ready: 'Listo',
        error: 'No disponible',
      },
      progress: '{{percent}} % ({{done}} de {{total}} MB)',
      cause: 'Causa',
      whatToDo: 'Qué hacer',
      retryNote:
        'El servidor vuelve a intentarlo con la próxima solicitud de resumen, como mucho una vez por minuto.',
      refresh: 'Actualizar',
      loadFailed: 'No se pudo leer el estado del modelo.',
      advice: {
        runtime:
          'llama.cpp no tiene un binario listo para esta máquina. Usa un proveedor alojado (LLM_PROVIDER=openai, anthropic, google u openai-compatible, con LLM_API_KEY).',
        'missing-file':
          'LLM_MODEL apunta a un archivo que no existe. Corrige la ruta del archivo .gguf, o quita LLM_MODEL para usar el modelo predeterminado.',
        download:
          'La descarga falló. Comprueba el acceso a internet (huggingface.co) y el valor de LLM_MODEL; o descarga el modelo con `npm run model:fetch` en una máquina con red y cópialo a la carpeta de modelos, o apunta LLM_MODEL a un archivo .gguf.',
        disk: 'La carpeta de modelos no admite el archivo (disco lleno o sin permiso de escritura). Libera cerca de 1 GB o apunta LLM_MODELS_DIR a otra carpeta.',
        load: 'El archivo del modelo no carga (dañado, no es GGUF o falta memoria). Bórralo de la carpeta de modelos para descargarlo de nuevo, o elige otro modelo en LLM_MODEL.',
      },
    },
    populateBooks: {
      description:
        'Vuelve a leer el catálogo incluido en Summa y guarda los libros nuevos o modificados. Los que no cambiaron quedan como están, y los que un administrador editó en la app se conservan.',
      run: 'Importar catálogo',
      running: 'Importando…',
      resultTitle: 'Resultado de la importación',
      total: 'Libros en el catálogo',
      inserted: 'Nuevos',
      updated: 'Actualizados',
      unchanged: 'Sin cambios',
      kept: 'Conservados (editados en la app)',
      done: 'Catálogo importado',
      doneDetail: '{{inserted}} nuevos, {{updated}} actualizados, {{unchanged}} sin cambios.',
      doneKept_one: '{{count}} editado en la app se conservó.',
      doneKept_other: '{{count}} editados en la app se conservaron.',
      failed: 'No se pudo importar el catálogo',
    },
  },
});
