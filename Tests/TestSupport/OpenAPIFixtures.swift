/// An OpenAPI 3.0 document shaped like the large real ones (Asana's 3 MB `asana_oas.yaml`
/// among them), written for these tests: YAML with response codes as unquoted integer keys
/// (`200:`), shared responses under `components/responses`, a `User` whose `gid` is
/// `readOnly` and `password` `writeOnly` (both `required`), used as request and response body,
/// and a `Task` with a `format: time` field. The unit, command, adapter and integration tests
/// read this one text, so every side is tested against the same document.
package enum OpenAPIFixtures {
    package static let tasksAPI = """
        openapi: 3.0.0
        info:
          title: Tasks (shaped like Asana's document)
          version: '1.0'
        servers:
          - url: https://app.example.com/api/1.0
        paths:
          /users:
            post:
              operationId: createUser
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      $ref: '#/components/schemas/User'
              responses:
                201:
                  description: The user, as created.
                  content:
                    application/json:
                      schema:
                        $ref: '#/components/schemas/User'
                400:
                  $ref: '#/components/responses/BadRequest'
                default:
                  $ref: '#/components/responses/GenericError'
          /tasks/{task_gid}:
            parameters:
              - name: task_gid
                in: path
                required: true
                schema:
                  type: string
            get:
              operationId: getTask
              responses:
                200:
                  description: The task.
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          data:
                            $ref: '#/components/schemas/Task'
                401:
                  $ref: '#/components/responses/Unauthorized'
                404:
                  $ref: '#/components/responses/NotFound'
        components:
          responses:
            BadRequest:
              description: The request is malformed.
              content:
                application/json:
                  schema:
                    $ref: '#/components/schemas/Error'
            Unauthorized:
              description: No valid credentials.
              content:
                application/json:
                  schema:
                    $ref: '#/components/schemas/Error'
            NotFound:
              description: No such object.
              content:
                application/json:
                  schema:
                    $ref: '#/components/schemas/Error'
            GenericError:
              description: Something else went wrong.
              content:
                application/json:
                  schema:
                    $ref: '#/components/schemas/Error'
          schemas:
            Error:
              type: object
              required: [message]
              properties:
                message:
                  type: string
            User:
              type: object
              additionalProperties: false
              required: [gid, name, password]
              properties:
                gid:
                  type: string
                  readOnly: true
                  pattern: '^[0-9]+$'
                name:
                  type: string
                  minLength: 1
                email:
                  type: string
                  format: email
                password:
                  type: string
                  writeOnly: true
                  minLength: 8
            Task:
              type: object
              required: [gid, name]
              properties:
                gid:
                  type: string
                  readOnly: true
                name:
                  type: string
                due_on:
                  type: string
                  format: date
                  nullable: true
                reminder_time:
                  type: string
                  format: time
        """

    /// The pointers of the members whose keys `tasksAPI` writes as integers, in document order.
    package static let tasksAPIIntegerKeys = [
        "/paths/~1users/post/responses/201", "/paths/~1users/post/responses/400",
        "/paths/~1tasks~1{task_gid}/get/responses/200", "/paths/~1tasks~1{task_gid}/get/responses/401",
        "/paths/~1tasks~1{task_gid}/get/responses/404",
    ]
}
